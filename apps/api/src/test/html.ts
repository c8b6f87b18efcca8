const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };
const decode = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => entities[name] ?? '');

type Attributes = Record<string, string>;

/** The parts of an HTML page's <head> a crawler reads: title, meta and link tags. */
export function readHead(html: string) {
  const head = /<head>([\s\S]*?)<\/head>/i.exec(html)?.[1] ?? '';
  const tags: { name: string; attributes: Attributes }[] = [];
  for (const match of head.matchAll(/<(meta|link)\s([^>]*?)\/?>/gi)) {
    const attributes: Attributes = {};
    for (const attr of (match[2] ?? '').matchAll(/([\w:-]+)="([^"]*)"/g)) {
      attributes[(attr[1] ?? '').toLowerCase()] = decode(attr[2] ?? '');
    }
    tags.push({ name: (match[1] ?? '').toLowerCase(), attributes });
  }
  const titles = [...head.matchAll(/<title>([\s\S]*?)<\/title>/gi)].map((m) => decode(m[1] ?? ''));
  const all = (tag: string, key: string, value: string) =>
    tags.filter((t) => t.name === tag && t.attributes[key] === value).map((t) => t.attributes);
  return {
    titles,
    title: titles[0],
    /** content of every <meta name=...> or <meta property=...> with that key */
    meta: (key: string) =>
      [...all('meta', 'name', key), ...all('meta', 'property', key)].map((a) => a.content ?? ''),
    links: (rel: string) => all('link', 'rel', rel),
  };
}
