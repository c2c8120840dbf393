// The body of the site bench's large post: Markdown as a long article is written (headings, paragraphs with
// emphasis and links, a list and a code block now and then), as large as the REST API accepts in one insert
// (1 MiB of JSON, src/backend/http.ts), less room for the row's other fields.
export function largePostBody(jsonBytes = 1024 * 1024 - 4096): string {
  const sections: string[] = []
  let size = 0
  for (let n = 1; ; n++) {
    const paragraph = `Texto del apartado ${n} con **negrita**, _cursiva_ y un [enlace](/shopify) a un servicio. ${'Una frase de relleno para que el artículo pese lo que pesa uno largo de verdad. '.repeat(4)}`
    const extra = n % 10 === 0 ? '- uno\n- dos\n- tres\n\n```ts\nconst total = items.reduce((a, b) => a + b, 0)\n```\n\n' : ''
    const section = `## Apartado ${n}\n\n${paragraph}\n\n${paragraph}\n\n${paragraph}\n\n${extra}`
    const sectionBytes = Buffer.byteLength(JSON.stringify(section)) - 2
    if (size + sectionBytes > jsonBytes) break
    sections.push(section)
    size += sectionBytes
  }
  return sections.join('')
}
