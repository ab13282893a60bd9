import { authPaths, privateResources, privateRoutes } from "~/auth/permissions";
import { renderRobots } from "~/features/landing/sitemap.server";
import { siteInfo } from "~/lib/site.server";

export function loader() {
  const paths = [
    ...[...privateRoutes, ...privateResources].map((r) => r.path),
    ...authPaths,
    "/logout",
    "/unauthorized",
  ];
  return new Response(renderRobots(siteInfo().baseUrl, paths), {
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}
