/** Seat placeholders in log text: written by engines, rendered with names (or "Seat N" without). */
import t from 'tap';
import { renderLog, renderLogText, seatRef, sentence } from '../../src/engine/log-text.js';

t.test('placeholders render as names, or as "Seat N" where no name is known', async (t) => {
  const text = `${seatRef(1)} sold coffee to ${seatRef(0)}; ${seatRef(12)} watched.`;
  t.equal(text, '{seat:1} sold coffee to {seat:0}; {seat:12} watched.');
  t.equal(renderLogText(text, ['Ana', 'Greedy bot']), 'Greedy bot sold coffee to Ana; Seat 12 watched.');
  t.equal(renderLogText(text), 'Seat 1 sold coffee to Seat 0; Seat 12 watched.');
  t.equal(renderLogText('A name like {seat:x} or {Seat:1} is left alone.', ['Ana']), 'A name like {seat:x} or {Seat:1} is left alone.');
  t.equal(renderLogText(`${seatRef(0)}`, ['$& and $1']), '$& and $1', 'a name is inserted literally');
});

t.test('renderLog renders the text and keeps every structured field', async (t) => {
  const log = [
    { type: 'role.chosen', text: `${seatRef(0)} chose the Settler.`, seat: 0, role: 'settler' },
    { type: 'mayor.refill', text: '3 colonists board the colonist ship.', moved: 3 },
  ];
  const rendered = renderLog(log, ['Ana']);
  t.same(rendered, [
    { type: 'role.chosen', text: 'Ana chose the Settler.', seat: 0, role: 'settler' },
    { type: 'mayor.refill', text: '3 colonists board the colonist ship.', moved: 3 },
  ]);
  t.equal(log[0]?.text, '{seat:0} chose the Settler.', 'the input is not changed');
});

t.test('sentence ends a clause with its full stop, once', async (t) => {
  t.equal(sentence('{seat:0} steers NW (6)'), '{seat:0} steers NW (6).');
  t.equal(sentence('Round 2: the dice show 5, 1, 6.'), 'Round 2: the dice show 5, 1, 6.');
  t.equal(sentence('Mutiny!'), 'Mutiny!');
  t.equal(sentence('Who sails?'), 'Who sails?');
});
