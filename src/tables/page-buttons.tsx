// Previous / "n / pages" / next: the paging of the data grid's footer and of
// the CSV import's preview table. The caller's <nav> holds it (the grid's
// beside its total and page sizes).
import { useTranslation } from 'react-i18next';

export function PageButtons({ pageIndex, pages, onPage }: { pageIndex: number; pages: number; onPage: (pageIndex: number) => void }) {
  const { t } = useTranslation();
  return (
    <>
      <button type="button" className="secondary" disabled={pageIndex <= 0} onClick={() => onPage(pageIndex - 1)}>
        {t('grid.prev')}
      </button>
      <span className="mono">
        {pageIndex + 1} / {pages}
      </span>
      <button type="button" className="secondary" disabled={pageIndex + 1 >= pages} onClick={() => onPage(pageIndex + 1)}>
        {t('grid.next')}
      </button>
    </>
  );
}
