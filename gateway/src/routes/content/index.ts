import type { ServiceClients } from '../../clients/service-clients';
import type { RouteDefinition } from '../../http/route-table';
import { blogRoutes } from './blogs.routes';
import { heroSlideRoutes } from './hero-slides.routes';
import { themeRoutes } from './themes.routes';

/** The content service's routes: blogs, hero slides (admin and public) and storefront themes. */
export function contentRoutes(deps: { clients: ServiceClients }): RouteDefinition[] {
  return [...blogRoutes(deps), ...heroSlideRoutes(deps), ...themeRoutes(deps)];
}
