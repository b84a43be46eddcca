/** Grey bars where text is coming. */
export function SkeletonLines({ count }: { count: number }) {
  return (
    <>
      {Array.from({ length: count }, (_, index) => (
        <div
          key={index}
          aria-hidden
          className="h-4 animate-pulse rounded bg-stone-800"
          style={{ width: index === count - 1 ? '60%' : `${92 - (index % 3) * 6}%` }}
        />
      ))}
    </>
  );
}
