/** The cash book's badges as kit styles (KitClassNames), keyed by transaction type and by status colour. */
import { badgeStyles } from '../../ui/KitClassNames';

export const TX_BADGES = {
  entrada: badgeStyles('green'),
  saida: badgeStyles('red'),
  despesas: badgeStyles('orange'),
  green: badgeStyles('green'),
  blue: badgeStyles('blue'),
  yellow: badgeStyles('yellow'),
  red: badgeStyles('red'),
};
