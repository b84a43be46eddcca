/** A labelled text of a record (characterization, description, significance); nothing when empty. */
export function DetailText({ label, text }: { label: string; text: string | null | undefined }) {
  if (!text?.trim()) return null;
  return (
    <div className="mt-3">
      <h3 className="text-xs font-medium tracking-wide text-stone-400 uppercase">{label}</h3>
      <p className="mt-0.5 text-sm whitespace-pre-line text-stone-200">{text}</p>
    </div>
  );
}
