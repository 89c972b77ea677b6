/** A PNG QR code of the text, as a data: URL (no file storage needed to show it). */
export async function qrCodeDataUrl(text: string): Promise<string> {
  // Loaded with the first QR code, not with every server start.
  const { default: QRCode } = await import('qrcode');
  return QRCode.toDataURL(text, { type: 'image/png' });
}
