/**
 * A form generated from a game's optionsSchema (JSON Schema, as GET /v1/game-types serves it): booleans
 * become checkboxes, `anyOf` of constants a select, numbers a number field, and a nullable value a
 * checkbox that turns its field on. Each field carries the schema's description as its hint.
 */
import { useId } from 'react';

type Schema = Record<string, any>;

export function defaultOptions(schema: Schema): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [key, prop] of Object.entries<Schema>(schema.properties ?? {})) values[key] = prop.default ?? initial(prop);
  return values;
}

function initial(prop: Schema): unknown {
  const alternatives: Schema[] = prop.anyOf ?? [];
  if (alternatives.some((a) => a.type === 'null')) return null;
  if (alternatives.length > 0 && alternatives.every((a) => 'const' in a)) return alternatives[0]!.const;
  if (prop.enum) return prop.enum[0];
  if (prop.type === 'boolean') return false;
  if (prop.type === 'integer' || prop.type === 'number') return prop.minimum ?? 0;
  return '';
}

function words(key: string): string {
  const spaced = key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

export function OptionsForm({ schema, value, onChange }: { schema: Schema; value: Record<string, unknown>; onChange: (next: Record<string, unknown>) => void }) {
  const properties = Object.entries<Schema>(schema.properties ?? {});
  if (properties.length === 0) return <p className="hint">{schema.description ?? 'This game has no options.'}</p>;
  return (
    <fieldset>
      <legend>Options</legend>
      {properties.map(([key, prop]) => (
        <OptionField key={key} name={key} prop={prop} value={value[key]} onChange={(v) => onChange({ ...value, [key]: v })} />
      ))}
    </fieldset>
  );
}

function OptionField({ name, prop, value, onChange }: { name: string; prop: Schema; value: unknown; onChange: (v: unknown) => void }) {
  const id = useId();
  const hintId = `${id}-hint`;
  const label = prop.title ?? words(name);
  const hint = prop.description ? <small id={hintId} className="hint">{prop.description}</small> : null;
  const describedBy = prop.description ? hintId : undefined;
  const alternatives: Schema[] = prop.anyOf ?? [];
  const consts = alternatives.filter((a) => 'const' in a);
  if (prop.type === 'boolean') {
    return (
      <div className="field check">
        <input id={id} type="checkbox" checked={value === true} onChange={(e) => onChange(e.target.checked)} aria-describedby={describedBy} />
        <label htmlFor={id}>{label}</label>
        {hint}
      </div>
    );
  }
  if ((consts.length > 0 && consts.length === alternatives.length) || prop.enum) {
    const choices: unknown[] = prop.enum ?? consts.map((a) => a.const);
    // Each choice in the schema's words (its title) where it has them, else its value.
    const shown = (c: unknown) => consts.find((a) => a.const === c)?.title ?? String(c);
    return (
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <select id={id} value={String(value)} aria-describedby={describedBy} onChange={(e) => onChange(choices.find((c) => String(c) === e.target.value))}>
          {choices.map((c) => <option key={String(c)} value={String(c)}>{shown(c)}</option>)}
        </select>
        {hint}
      </div>
    );
  }
  const nullable = alternatives.some((a) => a.type === 'null');
  const numeric = [prop, ...alternatives].find((a) => a.type === 'integer' || a.type === 'number');
  if (numeric) {
    const on = value !== null && value !== undefined;
    return (
      <div className="field">
        {nullable ? (
          <span className="check">
            <input id={`${id}-on`} type="checkbox" checked={on} onChange={(e) => onChange(e.target.checked ? numeric.minimum ?? 1 : null)} />
            <label htmlFor={`${id}-on`}>Set {label.toLowerCase()}</label>
          </span>
        ) : null}
        <label htmlFor={id}>{label}</label>
        <input id={id} type="number" disabled={!on} min={numeric.minimum} max={numeric.maximum} step={numeric.type === 'integer' ? 1 : 'any'}
          value={on ? String(value) : ''} aria-describedby={describedBy}
          onChange={(e) => onChange(e.target.value === '' ? (nullable ? null : 0) : Number(e.target.value))} />
        {hint}
      </div>
    );
  }
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} value={String(value ?? '')} aria-describedby={describedBy} onChange={(e) => onChange(e.target.value)} />
      {hint}
    </div>
  );
}
