// Shared building blocks of the portal and the back-office (ADR 0029). Styles: import
// '@lending/ui/tokens.css', '@lending/ui/base.css' and '@lending/ui/components.css' (or only
// forms.css, as the portal does: no tables there) before the app's own stylesheet.
export * from './format';
export { formatPhone } from '@lending/contracts/phone';
export { createToastStore, type Toast, type ToastKind, type ToastRules, type ToastStore } from './toast';
export { Toasts } from './Toasts';
export { Dialog } from './Dialog';
export { ConfirmDialog } from './ConfirmDialog';
export * from './Field';
export { ErrorSummary, summaryItems, type SummaryItem } from './ErrorSummary';
export { DataTable, nextOrdering, type Column, type TableTexts } from './DataTable';
export { TableScroll } from './TableScroll';
export { TabList, type TabListProps } from './TabList';
export { DEFAULT_PAGE_SIZE, PAGE_SIZES, Pagination, pageWindow } from './Pagination';
export { ActiveFilters, FilterBar, ResultsAnnouncement, type FilterChip } from './FilterBar';
export { EmptyState, ErrorState, Loading } from './States';
export { StatusBadge, toneOf, type BadgeTone } from './StatusBadge';
export { EmailAddress } from './EmailAddress';
export { SkipLink } from './SkipLink';
