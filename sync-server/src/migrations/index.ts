/** Every migration, in the order it is applied. Append only; never edit an applied one. */
import type { Migration } from './types';
import { m001 } from './001-core';
import { m002 } from './002-collections';
import { m003 } from './003-phone-key';
import { m004 } from './004-updated-by-decisions-quotation-link';
import { m005 } from './005-catalog-defaults';
import { m006 } from './006-first-versions';
import { m007 } from './007-team-roles-device-cookies';
import { m008 } from './008-decision-refusals';
import { m009 } from './009-quotation-link-secret';
import { m010 } from './010-work-orders';
import { m011 } from './011-photo-public-token';
import { m012 } from './012-customer-fiscal';
import { m013 } from './013-nfse';
import { m014 } from './014-photo-allow-list';

export type { Migration } from './types';
export const migrations: readonly Migration[] = [m001, m002, m003, m004, m005, m006, m007, m008, m009, m010, m011, m012, m013, m014];
