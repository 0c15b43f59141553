/** The form's own message (not tied to one field); focused after a failed submission, like the first bad field. */
export function FormError({ message }: { message: string | null }) {
  return message ? (
    <p className="form-error" role="alert" tabIndex={-1}>
      {message}
    </p>
  ) : null;
}
