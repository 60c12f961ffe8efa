/** UTF-8's byte order mark: a spreadsheet opening a CSV without it reads 'José' as 'JosÃ©'. */
const BYTE_ORDER_MARK = '\uFEFF';

/**
 * Hands `text` to the browser as a downloaded file, starting with the byte order mark the server's CSV has: reading
 * the answer as text drops it, and the file saved without it garbled every accented letter in Excel.
 */
export function saveTextFile(text: string, fileName: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text.startsWith(BYTE_ORDER_MARK) ? text : BYTE_ORDER_MARK + text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
