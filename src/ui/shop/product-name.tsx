import { nameMarker, plainName } from '#shared/catalogue/product.ts';

/** The name as shown: the emoji marker is decoration, hidden from screen readers. */
export function ProductName({ name }: { name: string }) {
  const marker = nameMarker(name);
  return (
    <>
      {marker && <span aria-hidden="true">{marker} </span>}
      {plainName(name)}
    </>
  );
}
