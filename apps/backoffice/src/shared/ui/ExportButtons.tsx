import { DownloadButton } from './DownloadButton';

/** "Exportovat CSV / XLSX" of a list: the same filters and ordering as on screen, as a file. */
export function ExportButtons({ path, fileName }: { path: (format: 'csv' | 'xlsx') => string; fileName: string }) {
  return (
    <>
      {(['csv', 'xlsx'] as const).map((format) => (
        <DownloadButton key={format} path={path(format)} fallbackName={`${fileName}.${format}`} className="button button--secondary">
          Exportovat {format.toUpperCase()}
        </DownloadButton>
      ))}
    </>
  );
}
