/** The quotation status badges as kit styles (KitClassNames), keyed by quotationStatusColor. */
import { badgeStyles } from '../../ui/KitClassNames';

export const STATUS_BADGES = {
  yellow: badgeStyles('yellow'),
  green: badgeStyles('green'),
  red: badgeStyles('red'),
  orange: badgeStyles('orange'),
  gray: badgeStyles('gray'),
};
