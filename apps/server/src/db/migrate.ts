// Migrations are TypeScript modules listed here in order; they run on start (and in tests) on either dialect.
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import type { Db } from './database.js';
import * as m0001 from './migrations/20261122T0000-foundation.js';
import * as m0002 from './migrations/20261122T0100-spaces.js';
import * as m0003 from './migrations/20261122T0200-content.js';
import * as m0005 from './migrations/20261122T0300-change-requests.js';
import * as m0006 from './migrations/20261123T0100-sso.js';
import * as mOpenapi from './migrations/20261123T0600-openapi.js';
import * as m0010 from './migrations/20261124T0100-integrations.js';
import * as mGitSync from './migrations/20261124T0200-git-sync.js';
import * as mLinksStatus from './migrations/20261125T0200-page-links-status.js';
import * as mSites from './migrations/20261125T0300-sites.js';
import * as mSiteVisitorAuth from './migrations/20261125T0310-site-visitor-auth.js';
import * as mSiteCustomization from './migrations/20261125T0320-site-customization.js';
import * as mTranslations from './migrations/20261125T0400-translations.js';
import * as mPageVersions from './migrations/20261125T0800-page-versions.js';
import * as mReadCacheEpochs from './migrations/20261126T1000-read-cache-epochs.js';
import * as mComputedContent from './migrations/20261126T1100-computed-content.js';
import * as mBlobs from './migrations/20261126T1200-blobs.js';
import * as mSiteVersion from './migrations/20261126T1400-site-version.js';
import * as mContentImports from './migrations/20261126T1500-content-imports.js';
import * as mGitSyncWebhooks from './migrations/20261126T1600-git-sync-webhooks.js';
import * as mSiteShareLinksRedirects from './migrations/20261126T1700-site-share-links-redirects.js';
import * as mPageMoves from './migrations/20261126T1800-page-moves.js';
import * as mReadCacheHistory from './migrations/20261126T1910-read-cache-history.js';
import * as mReadCacheOrganizations from './migrations/20261126T1920-read-cache-organizations.js';
import * as mReadCacheGit from './migrations/20261126T1930-read-cache-git.js';
import * as mAuditEvents from './migrations/20261126T1945-audit-events.js';
import * as mSiteExternalLinks from './migrations/20261126T2000-site-external-links.js';
import * as mPageLinksPartialIndexes from './migrations/20261126T2100-page-links-partial-indexes.js';
import * as mSpaceCommentCounts from './migrations/20261126T2110-space-comment-counts.js';
import * as mCommentsChangeRequestPartialIndex from './migrations/20261126T2120-comments-change-request-partial-index.js';
import * as mPageLinksOneTargetIndex from './migrations/20261127T0035-page-links-one-target-index.js';
import * as mTranslationGlossary from './migrations/20261127T0310-translation-glossary.js';
import * as mStorageCustomFonts from './migrations/20261127T0330-storage-custom-fonts.js';
import * as mReadCacheChanges from './migrations/20261127T0600-read-cache-changes.js';
import * as mReadCacheSpaceLists from './migrations/20261127T1200-read-cache-space-lists.js';
import * as mReadCacheSpaceOrder from './migrations/20261127T1300-read-cache-space-order.js';
import * as mReadCacheLeases from './migrations/20261128T0100-read-cache-leases.js';
import * as mPageLinksPathNameByKey from './migrations/20261128T0300-page-links-path-name-by-key.js';
import * as mSpaceCommentCountKey from './migrations/20261128T0400-space-comment-count-key.js';
import * as mLinkTargets from './migrations/20261128T0520-link-targets.js';
import * as mInviteLinkTargets from './migrations/20261128T0600-invite-link-targets.js';
import * as mSitePageFeedback from './migrations/20261128T1500-site-page-feedback.js';
import * as mSiteInsightsEvents from './migrations/20261128T1930-site-insights-events.js';
import * as mReadCacheSearch from './migrations/20261127T1530-read-cache-search.js';
import * as mSearchFtsAutomerge from './migrations/20261127T1600-search-fts-automerge.js';
import * as mSiteSpaceHidden from './migrations/20261127T1630-site-space-hidden.js';
import * as mReadCacheSpaceFilters from './migrations/20261127T1640-read-cache-space-filters.js';
import * as mSiteDrafts from './migrations/20261127T1700-site-drafts.js';
import * as mReadCacheNotify from './migrations/20261127T1900-read-cache-notify.js';
import * as mReadCacheNotifyOff from './migrations/20261127T1910-read-cache-notify-off.js';

export const migrations: Record<string, Migration> = {
  '20261122T0000-foundation': m0001,
  '20261122T0100-spaces': m0002,
  '20261122T0200-content': m0003,
  '20261122T0300-change-requests': m0005,
  '20261123T0100-sso': m0006,
  '20261123T0600-openapi': mOpenapi,
  '20261124T0100-integrations': m0010,
  '20261124T0200-git-sync': mGitSync,
  '20261125T0200-page-links-status': mLinksStatus,
  '20261125T0300-sites': mSites,
  '20261125T0310-site-visitor-auth': mSiteVisitorAuth,
  '20261125T0320-site-customization': mSiteCustomization,
  '20261125T0400-translations': mTranslations,
  '20261125T0800-page-versions': mPageVersions,
  '20261126T1000-read-cache-epochs': mReadCacheEpochs,
  '20261126T1100-computed-content': mComputedContent,
  '20261126T1200-blobs': mBlobs,
  '20261126T1400-site-version': mSiteVersion,
  '20261126T1500-content-imports': mContentImports,
  '20261126T1600-git-sync-webhooks': mGitSyncWebhooks,
  '20261126T1700-site-share-links-redirects': mSiteShareLinksRedirects,
  '20261126T1800-page-moves': mPageMoves,
  '20261126T1910-read-cache-history': mReadCacheHistory,
  '20261126T1920-read-cache-organizations': mReadCacheOrganizations,
  '20261126T1930-read-cache-git': mReadCacheGit,
  '20261126T1945-audit-events': mAuditEvents,
  '20261126T2000-site-external-links': mSiteExternalLinks,
  '20261126T2100-page-links-partial-indexes': mPageLinksPartialIndexes,
  '20261126T2110-space-comment-counts': mSpaceCommentCounts,
  '20261126T2120-comments-change-request-partial-index': mCommentsChangeRequestPartialIndex,
  '20261127T0035-page-links-one-target-index': mPageLinksOneTargetIndex,
  '20261127T0310-translation-glossary': mTranslationGlossary,
  '20261127T0330-storage-custom-fonts': mStorageCustomFonts,
  '20261127T0600-read-cache-changes': mReadCacheChanges,
  '20261127T1200-read-cache-space-lists': mReadCacheSpaceLists,
  '20261127T1300-read-cache-space-order': mReadCacheSpaceOrder,
  '20261127T1530-read-cache-search': mReadCacheSearch,
  '20261127T1600-search-fts-automerge': mSearchFtsAutomerge,
  '20261127T1630-site-space-hidden': mSiteSpaceHidden,
  '20261127T1640-read-cache-space-filters': mReadCacheSpaceFilters,
  '20261127T1700-site-drafts': mSiteDrafts,
  '20261127T1900-read-cache-notify': mReadCacheNotify,
  '20261127T1910-read-cache-notify-off': mReadCacheNotifyOff,
  '20261128T0100-read-cache-leases': mReadCacheLeases,
  '20261128T0300-page-links-path-name-by-key': mPageLinksPathNameByKey,
  '20261128T0400-space-comment-count-key': mSpaceCommentCountKey,
  '20261128T0520-link-targets': mLinkTargets,
  '20261128T0600-invite-link-targets': mInviteLinkTargets,
  '20261128T1500-site-page-feedback': mSitePageFeedback,
  '20261128T1930-site-insights-events': mSiteInsightsEvents,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export function migrator(db: Db): Migrator {
  return new Migrator({ db, provider, migrationTableName: 'bindery_migrations', migrationLockTableName: 'bindery_migrations_lock', allowUnorderedMigrations: true });
}

export async function migrateToLatest(db: Db): Promise<string[]> {
  const { error, results } = await migrator(db).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
