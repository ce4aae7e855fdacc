// The content engine's front door (docs/content-engine.md). Routes, services, git sync, the published site and
// every other feature read and write content only through what this file exports; the other files of engine/
// are its inside.
//
// READ a revision      loadContent (a space's head), loadRevision (any revision of a space), loadChangeRequestContent,
//                      findRevisionContent (any revision by id), then pageTree, findPage, findPageByPath, listFiles, findFile,
//                      loadRevisionTree (the whole tree with markdown), loadMarkdown, pageTimes/versionTimes/pageSummaries,
//                      listLinks/pageBacklinks/fileBacklinks, searchSpace/searchOrganization,
//                      revisionChanges/changeRequestChanges (semantic changes against the parent or the base),
//                      findDocument (a page version's markdown by its documentId, documentIdOf)
// EDIT                 editSpace (a space's head, as its editor), editChangeRequestContent (a change request's chain),
//                      applyEdits/commitEdits (a batch of edits → one new revision, for other engine callers;
//                      prepareEdits first normalises a batch outside the transaction commitEdits runs in)
// MERGE                updateChangeRequest (main → change request), mergeChangeRequest (change request → main),
//                      listConflicts, resolveConflicts; mergeSnapshots/textMergesAhead/applyResolutions (a three-way
//                      merge of whole snapshots, e.g. a git import with the edits made while it ran)
// COMPUTED             content reads take `computed` (ContentReadOptions: computed pages expanded, the default) and
//                      page reads `evaluated` (evaluatedMarkdown); publishedContent is what readers of a space see;
//                      expandComputedJob / recomputeOrganization keep computed revisions current (engine/computed.ts)
// COMMIT               commitRevision (a whole tree: to the space head with `activate`, or detached, e.g. a git
//                      import), insertFirstRevision (a new or duplicated space). engine/commit.ts is the only code
//                      that inserts revision rows and moves heads; the indexes follow in the same transaction.
export {
  applyEdits, commitEdits, commitRevision, documentIdOf, editSpace, findDocument, ensureIndexed, evaluatePage, findFile, findPage, findPageByPath, findRevisionContent, listFiles, loadContent,
  loadRevision, loadRevisionTree, pageSummaries, pageTimes, pageTree, parseIfMatch, publishedContent, versionTimes,
  contentVisibility, findShownFile, shownFiles, shownPages, withoutHidden,
  type CommitOptions, type CommitResult, type CommitStats, type ContentReadOptions, type EditTarget, type PageSummary, type PageTimes, type PageView,
  type SpaceContent,
} from './content.js';
export { hiddenPagesOf, readerClaims, type PageVisibility } from './visibility.js';
export { insertFirstRevision, recomputeTransferredSpaces, type RevisionType } from './commit.js';
export { evaluatedMarkdown, expandComputedJob, recomputeOrganization, type ExpandJobPayload } from './computed.js';
export type { ContentEdit, PageFields, PagePosition } from './content-edits.js';
export { prepareEdits } from './content-edits.js';
export {
  hashFiles, hashTree, loadFiles, loadMarkdown, revisionContent, ROOT_ID, type FileEntry, type PageMeta, type RevisionContent,
} from './content-store.js';
export {
  changeRequestPdfUrl, spacePdfUrl, editChangeRequestContent, listConflicts, loadChangeRequestContent, mergeChangeRequest, pdfImages, renderExportedPdf,
  resolveConflicts, updateChangeRequest, PDF_URL_TTL_SECONDS, type ConflictList, type MergeOutcome,
} from './change-request-content.js';
export { applyResolutions, mergeSnapshots, textMergesAhead, type MergeConflict, type Snapshot as ContentSnapshot } from './change-request-merge.js';
export { changeRequestChanges, contentChanges, revisionChanges, type ChangedAttributes, type ChangedPage, type ContentChange, type ContentChanges } from './changes.js';
export { ContentError, type ContentErrorKind, type ContentLocator } from './errors.js';
export { fileBacklinks, listLinks, pageBacklinks, type BacklinkList, type LinkList, type LinkStatus, type LinkTarget, type LinkUsage } from './links.js';
export { searchOrganization, searchSpace, searchSpaceList, type OrganizationSearch, type PageHits, type SpaceSearch } from './search.js';
