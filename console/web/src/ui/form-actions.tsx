/** A form's closing buttons: its submit (named for what it does) and Cancel. */
export function FormActions({
  submit,
  onCancel,
  busy = false,
}: {
  submit: string;
  onCancel: () => void;
  busy?: boolean;
}) {
  return (
    <div className="actions">
      <button type="submit" disabled={busy}>
        {submit}
      </button>
      <button type="button" className="secondary" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
