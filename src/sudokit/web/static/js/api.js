// The page's only way to the server: POST JSON, get JSON (or throw ApiError).

export class ApiError extends Error {
  constructor(type, message, status) {
    super(message);
    this.type = type;
    this.status = status;
  }
}

export async function api(endpoint, body, { signal } = {}) {
  let response;
  try {
    response = await fetch(`/api/${endpoint}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
      signal,
    });
  } catch (err) {
    if (err.name === "AbortError") throw err;
    throw new ApiError("NetworkError", "the server cannot be reached", 0);
  }
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    const error = (data && data.error) || { type: "HTTPError", message: `HTTP ${response.status}` };
    throw new ApiError(error.type, error.message, response.status);
  }
  return data;
}
