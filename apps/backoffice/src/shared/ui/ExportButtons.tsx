import { DownloadButton } from './DownloadButton';

/** "Exportovat CSV / XLSX" of a list: the same filters and ordering as on screen, as a file. */
export function ExportButtons({ path, fileName, label = 'Exportovat' }: { path: (format: 'csv' | 'xlsx') => string; fileName: string; label?: string }) {
  return (
    <>
      {(['csv', 'xlsx'] as const).map((format) => (
        <DownloadButton key={format} path={path(format)} fallbackName={`${fileName}.${format}`} className="button button--secondary">
          {label} {format.toUpperCase()}
        </DownloadButton>
      ))}
    </>
  );
}
