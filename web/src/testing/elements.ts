// Helpers for tests that call a component as a function and look into the
// React elements it returns (no DOM in these tests).

export type RenderedElement = { type: unknown; props: { children?: unknown; onClick?: () => void } };

/** The first <button> element in a rendered tree, depth first; undefined without one. */
export function findButton(node: unknown): RenderedElement | undefined {
  if (Array.isArray(node)) return node.map(findButton).find(Boolean);
  if (node === null || typeof node !== 'object' || !('props' in node)) return undefined;
  const element = node as RenderedElement;
  return element.type === 'button' ? element : findButton(element.props.children);
}
