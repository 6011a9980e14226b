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

/** A run of text where PDF.js places it: page number and box in PDF points (origin bottom left). */
export interface TextBox {
  page: number;
  text: string;
  left: number;
  bottom: number;
  right: number;
  top: number;
}

/** Every non-blank text run of a PDF with its box, as PDF.js lays it out. */
export async function pdfTextBoxes(pdf: Buffer): Promise<TextBox[]> {
  const document = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, disableFontFace: true })
    .promise;
  try {
    const boxes: TextBox[] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const content = await (await document.getPage(number)).getTextContent();
      for (const item of content.items) {
        if (!('str' in item) || !item.str.trim()) continue;
        const [, , , , x, y] = item.transform as number[];
        boxes.push({
          page: number,
          text: item.str,
          left: x!,
          bottom: y!,
          right: x! + item.width,
          top: y! + item.height,
        });
      }
    }
    return boxes;
  } finally {
    await document.destroy();
  }
}

/** Pairs of text runs whose boxes overlap by more than `tolerance` points both ways: text printed over text. */
export function overlappingText(boxes: TextBox[], tolerance = 0.5): [string, string][] {
  const pairs: [string, string][] = [];
  boxes.forEach((a, i) => {
    for (const b of boxes.slice(i + 1)) {
      if (a.page !== b.page) continue;
      const across = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const down = Math.min(a.top, b.top) - Math.max(a.bottom, b.bottom);
      if (across > tolerance && down > tolerance) pairs.push([a.text, b.text]);
    }
  });
  return pairs;
}
