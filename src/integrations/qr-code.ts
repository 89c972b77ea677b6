import QRCode from 'qrcode';

/** A PNG QR code of the text, as a data: URL (no file storage needed to show it). */
export function qrCodeDataUrl(text: string): Promise<string> {
  return QRCode.toDataURL(text, { type: 'image/png' });
}
