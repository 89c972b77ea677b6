import { defineBlockType } from '../../define';

export default defineBlockType({
  type: 'qr-code',
  label: 'QR code',
  category: 'integrations',
  order: 12,
  icon: 'QrCode',
});
