import { createFileRoute } from '@tanstack/react-router';
import { blogQueryOptions } from '../../../api/content-queries';
import { BlogScreen } from '../../../features/content/blog-screen';

export const Route = createFileRoute('/app/blog/$kode')({
  staticData: { routeName: 'detail-blog' },
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(blogQueryOptions(params.kode));
  },
  component: function BlogRoute() {
    return <BlogScreen code={Route.useParams().kode} />;
  },
});
