import { PageTitle } from './page-title';

// Tab title and the page's heading.
export function PageHeading({ title }: { title: string }) {
  return (
    <>
      <PageTitle title={title} />
      <h1 className="page-heading">{title}</h1>
    </>
  );
}
