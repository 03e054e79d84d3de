import { EnvironmentOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import './address-summary.css';

export interface AddressSummaryProps {
  /** The caller's BEM block: the parts are `${block}__icon`, `__main`, `__head`, `__name`, `__mobile`, `__area`, `__detail`. */
  block: string;
  name: string;
  mobile: string;
  /** The area as shown (already named in the UI language where the caller can). */
  area: string;
  detail: string;
  /** Shown between the addressee line and the area (the address book's badges). */
  children?: ReactNode;
}

/** An address's icon, addressee, mobile, area and detail: the address book, checkout and order detail. */
export function AddressSummary({ block, name, mobile, area, detail, children }: AddressSummaryProps) {
  return (
    <>
      <span className={`cm-address-summary__icon ${block}__icon`} aria-hidden="true">
        <EnvironmentOutline />
      </span>
      <span className={`${block}__main`}>
        <span className={`${block}__head`}>
          <bdi className={`${block}__name`}>{name}</bdi>
          <span className={`${block}__mobile`} dir="ltr">
            {mobile}
          </span>
        </span>
        {children}
        <span className={`${block}__area`}>
          <bdi>{area}</bdi>
        </span>
        <span className={`${block}__detail`}>
          <bdi>{detail}</bdi>
        </span>
      </span>
    </>
  );
}
