/** What stands in, quietly, while a page's code arrives: the app's background, nothing that moves. */
export function RouteFallback() {
  return <div aria-busy="true" className="min-h-dvh bg-stone-950" />;
}
