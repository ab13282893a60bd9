import { data } from "react-router";

/**
 * The form an action was sent. Only the site's own forms post to its pages: a body that is not a
 * form (JSON, plain text, a broken multipart body, none at all) is answered 400, which the error
 * page says in the reader's language, rather than failing as the server's fault.
 */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data(null, { status: 400 });
  }
}
