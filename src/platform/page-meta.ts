/**
 * Page meta values (`<meta name="...">`) the host page or a native app may set: `vm` (layout
 * mode) and `auth` (customer token). Reading through here keeps the DOM access in one place.
 */
export const META = { layoutMode: 'vm', auth: 'auth' } as const;

function metaElement(name: string): HTMLMetaElement | null {
  if (typeof document === 'undefined') return null;
  return document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
}

export function readMeta(name: string): string | null {
  const content = metaElement(name)?.content.trim();
  return content ? content : null;
}

export function writeMeta(name: string, content: string): HTMLMetaElement | null {
  if (typeof document === 'undefined') return null;
  let element = metaElement(name);
  if (!element) {
    element = document.createElement('meta');
    element.name = name;
    document.head.append(element);
  }
  element.content = content;
  return element;
}
