/** Product badges: NEW, then the product's tags. */
export function Badges({ isNew, tags }: { isNew: boolean; tags: readonly string[] }) {
  if (!isNew && tags.length === 0) return null;
  return (
    <ul aria-label="Badges" className="flex flex-wrap gap-1.5">
      {isNew && <li className="rounded bg-red-700 px-2 py-0.5 text-xs font-bold tracking-wide text-white">NEW</li>}
      {tags.map((tag) => (
        <li key={tag} className="rounded bg-stone-900 px-2 py-0.5 text-xs font-bold tracking-wide text-white">
          {tag}
        </li>
      ))}
    </ul>
  );
}
