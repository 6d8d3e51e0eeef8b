import { useId } from 'react';
import type { UsedTotal } from '@werkboard/common';
import { de, formatBytes } from '@werkboard/common';
import { useSystemInfoQuery } from '../../api/endpoints/admin';
import { useStatsCountsQuery } from '../../api/endpoints/license';
import { serverMessageOr } from '../../api/errors';
import { loadStateOf } from '../../api/loadState';
import { LicenseUsage } from '../../entities/license/LicenseUsage';
import { formatShare } from './adminFormat';
import { ChangelogText } from './ChangelogText';
import { LoadFailed } from '../../components/LoadFailed';

const t = de.adminOverview.system;

/** RAM or disk: used of total as text and as a bar (the license usage bars' look). */
function UsageMeter({ label, usage }: { label: string; usage: UsedTotal }) {
  const share = usage.total > 0 ? Math.min(100, Math.max(0, (usage.used / usage.total) * 100)) : 0;
  const text = t.usedOf(formatBytes(usage.used), formatBytes(usage.total), formatShare(usage.used, usage.total));
  return (
    <li className="usage">
      <div className="usage__head">
        <span className="usage__label">{label}</span>
        <span className="usage__value">{text}</span>
      </div>
      <div
        className="usage__bar"
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(share)}
        aria-valuetext={text}
      >
        <span className="usage__fill" style={{ width: `${share}%` }} />
      </div>
    </li>
  );
}

/** License type and, on the Free license only, the usage bars (GET /stats/counts). */
function LicenseInfo() {
  const load = loadStateOf(useStatsCountsQuery());
  if (load.status === 'loading') return null;
  if (load.status === 'failed') return <p className="muted">{t.countsFailed}</p>;
  const counts = load.data;
  return (
    <>
      <dl className="facts">
        <div>
          <dt>{t.license}</dt>
          <dd>{counts.licenseType}</dd>
        </div>
      </dl>
      {counts.licenseType === 'Free' && (
        <>
          <h3 className="subheading">{t.licenseUsage}</h3>
          <LicenseUsage counts={counts} />
        </>
      )}
    </>
  );
}

/**
 * 'Systeminformationen' of /admin (spec section 2): server and client version, license usage
 * (Free only), RAM, disk, the OS, database and image storage sizes, and the latest changelog.
 */
export function SystemInfoPanel() {
  const headingId = useId();
  const changelogId = useId();
  const infoQuery = useSystemInfoQuery();
  const load = loadStateOf(infoQuery);

  return (
    <section className="panel admin-system" aria-labelledby={headingId}>
      <h2 id={headingId} className="panel__title">
        {t.title}
      </h2>
      {load.status === 'loading' && <p className="muted">{de.actions.loading}</p>}
      {load.status === 'failed' && (
        <LoadFailed message={serverMessageOr(load.error, t.loadFailed)} onRetry={() => void infoQuery.refetch()} />
      )}
      <dl className="facts">
        {load.status === 'loaded' && (
          <div>
            <dt>{t.serverVersion}</dt>
            <dd>{load.data.version}</dd>
          </div>
        )}
        <div>
          <dt>{t.clientVersion}</dt>
          <dd>{__APP_VERSION__}</dd>
        </div>
        {load.status === 'loaded' && (
          <>
            <div>
              <dt>{t.os}</dt>
              <dd>{load.data.os.distro || t.unknown}</dd>
            </div>
            <div>
              <dt>{t.database}</dt>
              <dd>{formatBytes(load.data.appData.dbSize)}</dd>
            </div>
            <div>
              <dt>{t.images}</dt>
              <dd>{formatBytes(load.data.appData.imagesSize)}</dd>
            </div>
          </>
        )}
      </dl>
      {load.status === 'loaded' && (
        <ul className="usage-list" aria-label={t.resources}>
          <UsageMeter label={t.ram} usage={load.data.ram} />
          <UsageMeter label={t.disk} usage={load.data.disk} />
        </ul>
      )}
      <LicenseInfo />
      <section aria-labelledby={changelogId}>
        <h3 id={changelogId} className="subheading">
          {t.changelogTitle}
        </h3>
        <ChangelogText text={de.adminOverview.changelog} />
      </section>
    </section>
  );
}
