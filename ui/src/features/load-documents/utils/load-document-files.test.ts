import { describe, expect, it } from 'vitest';
import { acceptAttribute, allowedExtensions, capturedPhotoName, chosenFileError, extensionOf, isAllowedFile, MAX_LOAD_DOCUMENT_BYTES } from './load-document-files';

describe('which files a load document may be', () => {
  it('takes pdf, doc, docx and images (gif too) for documents, only images for photos', () => {
    expect(allowedExtensions('bill_of_lading')).toEqual(['pdf', 'doc', 'docx', 'jpg', 'jpeg', 'png', 'gif']);
    expect(allowedExtensions('photos')).toEqual(['jpg', 'jpeg', 'png', 'gif']);
    expect(acceptAttribute('photos')).toBe('.jpg,.jpeg,.png,.gif');
    expect(acceptAttribute('invoice')).toBe('.pdf,.doc,.docx,.jpg,.jpeg,.png,.gif');
    for (const name of ['BOL 24101.PDF', 'pod.docx', 'scan.Jpeg', 'x.gif']) expect(isAllowedFile(name, 'proof_of_delivery'), name).toBe(true);
    for (const name of ['scan.pdf', 'notes.doc', 'dock.webp', 'dock']) expect(isAllowedFile(name, 'photos'), name).toBe(false);
    expect(isAllowedFile('dock.JPG', 'photos')).toBe(true);
    expect(isAllowedFile('page.html', 'other')).toBe(false);
    expect(extensionOf('archive.tar.gz')).toBe('gz');
    expect(extensionOf('README')).toBe('');
    // Trimmed, as the server checks the name.
    expect(extensionOf('scan.PDF ')).toBe('pdf');
  });

  it('refuses a file over 5 MB with the spec message, and a wrong type with the allowed list', () => {
    expect(chosenFileError({ name: 'exact.pdf', size: MAX_LOAD_DOCUMENT_BYTES }, 'other')).toBeNull();
    expect(chosenFileError({ name: 'over.pdf', size: MAX_LOAD_DOCUMENT_BYTES + 1 }, 'other')).toBe('File is too large. Maximum size is 5MB.');
    expect(chosenFileError({ name: 'scan.pdf', size: 10 }, 'photos')).toBe('Unsupported file type. Allowed types: jpg, jpeg, png, gif.');
    expect(chosenFileError({ name: 'big.txt', size: MAX_LOAD_DOCUMENT_BYTES + 1 }, 'other')).toBe('File is too large. Maximum size is 5MB.');
  });

  it('names camera captures by their time, as JPEGs', () => {
    expect(capturedPhotoName(new Date(2026, 2, 4, 9, 5, 7))).toBe('photo-20260304-090507.jpg');
    expect(isAllowedFile(capturedPhotoName(new Date()), 'photos')).toBe(true);
  });
});
