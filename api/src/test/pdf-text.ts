import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * The text of a PDF as PDF.js reads it (the reader Firefox uses): each page's
 * text runs joined by spaces, pages by a blank line; runs of spaces collapsed.
 */
export async function pdfText(pdf: Buffer): Promise<{ text: string; pages: number; info: Record<string, unknown> }> {
  const document = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, disableFontFace: true })
    .promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      pages.push(
        content.items
          .map((item) => ('str' in item ? item.str : ''))
          .join(' ')
          .replace(/\s+/g, ' ')
          .trim(),
      );
    }
    const { info } = await document.getMetadata();
    return { text: pages.join('\n\n'), pages: document.numPages, info: info as Record<string, unknown> };
  } finally {
    await document.destroy();
  }
}
