/**
 * The one confirmation every board uses for a move picked by clicking the board itself (a rondel field, a
 * hand card, a spot on the map): the click only chooses, and a button naming the move sends it. A labelled
 * button that names its move in full (a list of choices) is that confirmation already. So however a move was
 * composed (a board click, a suggestion, steppers), it is sent by one deliberate click on its own name.
 */
export function ConfirmMove({
  label,
  busy,
  onSend,
  onCancel,
}: {
  label: string;
  busy: boolean;
  onSend: () => void;
  onCancel: () => void;
}) {
  return (
    <div className="confirm-move" role="group" aria-label="Confirm your move">
      <button type="button" className="confirm-move-send" disabled={busy} onClick={onSend}>
        {label}
      </button>
      <button type="button" className="link confirm-move-cancel" disabled={busy} onClick={onCancel}>
        Choose again
      </button>
    </div>
  );
}
