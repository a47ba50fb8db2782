/**
 * Puerto Rico's help in words, shown on the board (touch screens never show hover titles): what each
 * building does, what this player would pay for it now, and what the phase lets the player do.
 */

/** Each building's effect, in a sentence. */
export const BUILDING_EFFECT: Record<string, string> = {
  smallIndigoPlant: 'Craftsman: 1 worked circle turns 1 worked indigo plantation into 1 indigo.',
  smallSugarMill: 'Craftsman: 1 worked circle turns 1 worked sugar plantation into 1 sugar.',
  indigoPlant: 'Craftsman: up to 3 indigo, one per worked circle and worked indigo plantation.',
  sugarMill: 'Craftsman: up to 3 sugar, one per worked circle and worked sugar plantation.',
  tobaccoStorage: 'Craftsman: up to 3 tobacco, one per worked circle and worked tobacco plantation.',
  coffeeRoaster: 'Craftsman: up to 2 coffee, one per worked circle and worked coffee plantation.',
  smallMarket: 'Trader: 1 doubloon more when you sell.',
  hacienda: 'Settler: first take an extra plantation from the face-down stack.',
  constructionHut: 'Settler: you may take a quarry instead of a plantation.',
  smallWarehouse: 'After the Captain: keep all goods of one kind.',
  hospice: 'Settler: a colonist comes with your new plantation or quarry.',
  office: 'Trader: you may sell a kind the trading house already holds.',
  largeMarket: 'Trader: 2 doubloons more when you sell.',
  largeWarehouse: 'After the Captain: keep all goods of two kinds.',
  factory: 'Craftsman: 1, 2, 3 or 5 doubloons for producing 2, 3, 4 or 5 kinds.',
  university: 'Builder: a colonist comes with each new building.',
  harbor: 'Captain: 1 VP more each time you load goods.',
  wharf: 'Captain: once, load all goods of one kind on your own ship.',
  guildHall: 'Game end: 1 VP per small and 2 VP per large production building.',
  residence: 'Game end: 4 VP for up to 9 island spaces filled, 5 for 10, 6 for 11, 7 for 12.',
  fortress: 'Game end: 1 VP per 3 colonists you have.',
  customsHouse: 'Game end: 1 VP per 4 VP chips you have.',
  cityHall: 'Game end: 1 VP per violet building in your city.',
};

/** Alternative costs of the balance option (a cheaper University, a dearer Factory). */
const BALANCE_COST: Record<string, number> = { factory: 8, university: 7 };

/**
 * What `me` would pay for a building now: its cost, less one per worked quarry (at most the building's
 * VP, which is its column on the board), less one for the Builder's privilege; never below 0.
 */
export function priceFor(view: any, seat: number | null, building: string, info: { cost: number; vp: number }): number | null {
  const me = seat === null ? undefined : view.players?.find((p: any) => p.seat === seat);
  if (!me) return null;
  const cost = (view.options?.balance ? BALANCE_COST[building] : undefined) ?? info.cost;
  const quarries = (me.island ?? []).filter((t: any) => t.tile === 'quarry' && t.occupied).length;
  const privilege = view.role === 'builder' && view.roleHolder === seat ? 1 : 0;
  return Math.max(0, cost - Math.min(quarries, info.vp) - privilege);
}

/** What the phase lets the player on turn do, in a sentence (for the player only when it is their turn). */
export function phasePrompt(phase: string, privileged: boolean): string {
  switch (phase) {
    case 'chooseRole': return 'Choose a role below: everyone takes its action, you first with its privilege (and any doubloons on the card).';
    case 'settler': return `Settler: take one plantation from the offer below${privileged ? ', or a quarry (your privilege)' : ' (a quarry only with a Construction Hut)'}, or pass.`;
    case 'mayorPrivilege': return 'Mayor: take your privilege, one extra colonist from the supply.';
    case 'mayor': return 'Mayor: place your colonists on plantations and buildings below; colonists left over wait in San Juan.';
    case 'builder': return `Builder: buy one building from the market below at the price shown for you${privileged ? ' (1 less: your privilege)' : ''}, or pass.`;
    case 'craftsman': return 'Craftsman: production is automatic; choose the good you want as the privilege.';
    case 'craftsmanBonus': return 'Craftsman: choose one extra good of a kind you produced (your privilege).';
    case 'trader': return `Trader: sell one good to the trading house${privileged ? ' (1 doubloon more: your privilege)' : ''}, or pass.`;
    case 'captain': return `Captain: load goods on a ship (one kind per ship, as many as fit)${privileged ? '; 1 VP more the first time: your privilege' : ''}. You must load while you can.`;
    case 'storage': return 'Captain: choose the goods to keep; the rest spoil (one barrel, plus what your warehouses store).';
    default: return '';
  }
}
