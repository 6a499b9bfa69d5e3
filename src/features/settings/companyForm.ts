/** The company form's values ↔ the profile document, and its validation (pure). */
import type { CompanyDoc } from '@shared';
import {
  checkLink,
  checkPixKey,
  checkWarrantyDays,
  COMPANY_MESSAGES,
  detectPixKeyType,
  displayPixKey,
  isValidEmail,
  parsePhoneList,
  phonesValid,
  type PixKeyType,
} from '../../domain/company';
import type { CompanyPatch } from '../../data/db/company';

export interface CompanyFormValues {
  name: string;
  tagline: string;
  address: string;
  city: string;
  phones: string;
  whatsapp: string;
  email: string;
  facebook: string;
  instagram: string;
  hours: string;
  map: string;
  pixType: PixKeyType | '';
  pixKey: string;
  /** Garantia padrão in days; blank: the default (90). */
  warrantyDays: string;
}

export type CompanyFormErrors = Partial<Record<keyof CompanyFormValues, string>>;

export function formFromCompany(c: CompanyDoc | null): CompanyFormValues {
  const pixType = c?.pix_key ? detectPixKeyType(c.pix_key) : '';
  return {
    name: c?.name ?? '',
    tagline: c?.tagline ?? '',
    address: c?.address ?? '',
    city: c?.city ?? '',
    phones: (c?.phones ?? []).join('\n'),
    whatsapp: (c?.whatsapp_numbers ?? []).join('\n'),
    email: c?.email ?? '',
    facebook: c?.facebook_url ?? '',
    instagram: c?.instagram_url ?? '',
    hours: c?.opening_hours ?? '',
    map: c?.map_url ?? '',
    pixType,
    pixKey: pixType ? displayPixKey(pixType, c?.pix_key) : '',
    warrantyDays: typeof c?.warranty_days === 'number' ? String(c.warranty_days) : '',
  };
}

/** Errors by field, or the patch to save. */
export function companyPatchFrom(v: CompanyFormValues): { errors: CompanyFormErrors; patch: CompanyPatch | null } {
  const errors: CompanyFormErrors = {};
  if (!v.name.trim()) errors.name = COMPANY_MESSAGES.nameRequired;
  const phones = parsePhoneList(v.phones);
  const whatsapp = parsePhoneList(v.whatsapp);
  if (!phonesValid(phones)) errors.phones = COMPANY_MESSAGES.phone;
  if (!phonesValid(whatsapp)) errors.whatsapp = COMPANY_MESSAGES.phone;
  if (v.email.trim() && !isValidEmail(v.email)) errors.email = COMPANY_MESSAGES.email;
  const facebook = checkLink('facebook', v.facebook);
  const instagram = checkLink('instagram', v.instagram);
  const map = checkLink('map', v.map);
  if (!facebook.ok) errors.facebook = facebook.message;
  if (!instagram.ok) errors.instagram = instagram.message;
  if (!map.ok) errors.map = map.message;
  let pixKey: string | null = null;
  if (v.pixType && v.pixKey.trim()) {
    const pix = checkPixKey(v.pixType, v.pixKey);
    if (pix.ok) pixKey = pix.key;
    else errors.pixKey = pix.message;
  }
  const warranty = checkWarrantyDays(v.warrantyDays);
  if (!warranty.ok) errors.warrantyDays = warranty.message;
  if (Object.keys(errors).length > 0) return { errors, patch: null };
  return {
    errors,
    patch: {
      name: v.name.trim(),
      tagline: v.tagline.trim() || null,
      address: v.address.trim(),
      city: v.city.trim(),
      phones,
      whatsapp_numbers: whatsapp,
      email: v.email.trim() || null,
      facebook_url: facebook.ok ? facebook.url : null,
      instagram_url: instagram.ok ? instagram.url : null,
      opening_hours: v.hours.trim(),
      map_url: map.ok ? map.url : null,
      pix_key: pixKey,
      warranty_days: warranty.ok ? warranty.days : null,
    },
  };
}
