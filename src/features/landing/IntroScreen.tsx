import { LogoMark } from './LogoMark';
import { LANDING_MESSAGES as M } from './messages';

/**
 * The 3-second intro (spec §2): the mark, the headline, the company name and what the shop
 * does. The headline is shown larger here than on the page, so the first meaningful paint is
 * the intro's and not the page's after 3 s.
 */
export function IntroScreen({ companyName }: { companyName: string }) {
  return (
    <div className="ld-intro" role="status" aria-live="polite">
      <div className="ld-intro__mark">
        <LogoMark size={88} />
      </div>
      <p className="ld-intro__headline">{M.title}</p>
      {companyName && <p className="ld-intro__name">{companyName}</p>}
      <p className="ld-intro__sub">{M.introSubtitle}</p>
      <div className="ld-intro__bar" aria-hidden="true" />
    </div>
  );
}

export function FullScreenSpinner({ label }: { label: string }) {
  return (
    <div className="ld-spinner" role="status" aria-label={label}>
      <span className="ld-spinner__ring" aria-hidden="true" />
    </div>
  );
}
