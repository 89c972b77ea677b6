import { defineBlockType } from '../../define';

export default defineBlockType({
  type: 'payment input',
  label: 'Payment',
  category: 'inputs',
  order: 10,
  icon: 'CreditCard',
});
