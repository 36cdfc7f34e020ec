/**
 * A strict RFC 4180 reader for the spend files (decision 093): a leading BOM dropped, CRLF or LF,
 * quoted cells with separators, quotes ("") and line breaks inside; each record with the line it
 * starts on. A quote inside an unquoted cell, text after a closing quote or an unclosed quote is an
 * error naming the line.
 */
export interface CsvRecord {
  line: number;
  cells: string[];
}

export type CsvResult = { records: CsvRecord[] } | { error: { line: number } };

export function readCsv(text: string, sep = ","): CsvResult {
  const records: CsvRecord[] = [];
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  while (i < text.length) {
    const start = line;
    const cells: string[] = [];
    for (;;) {
      let cell = "";
      if (text[i] === '"') {
        i++;
        for (;;) {
          const q = text.indexOf('"', i);
          if (q < 0) return { error: { line: start } };
          const chunk = text.slice(i, q);
          line += chunk.split("\n").length - 1;
          cell += chunk;
          if (text[q + 1] === '"') {
            cell += '"';
            i = q + 2;
          } else {
            i = q + 1;
            break;
          }
        }
        if (i < text.length && text[i] !== sep && text[i] !== "\r" && text[i] !== "\n") return { error: { line } };
      } else {
        let j = i;
        while (j < text.length && text[j] !== sep && text[j] !== "\r" && text[j] !== "\n") j++;
        cell = text.slice(i, j);
        if (cell.includes('"')) return { error: { line } };
        i = j;
      }
      cells.push(cell);
      if (text[i] === sep) {
        i++;
        continue;
      }
      if (text[i] === "\r") i++;
      if (text[i] === "\n") i++;
      line++;
      break;
    }
    // A blank line is no record.
    if (!(cells.length === 1 && cells[0] === "")) records.push({ line: start, cells });
  }
  return { records };
}
