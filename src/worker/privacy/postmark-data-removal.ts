import { AccountClient } from 'postmark';

/**
 * Asks Postmark to remove what it keeps of an address (the messages sent to it, their events):
 * its Data Removal API (POST /data-removals, with the Account API token, not a server's). Postmark
 * answers with the request's id and "Pending"; it mails `requestedBy` when done.
 */
export async function requestPostmarkRemoval(
  accountToken: string,
  apiUrl: string,
  request: { address: string; requestedBy: string },
): Promise<{ id: number; status: string }> {
  const url = new URL(apiUrl);
  const client = new AccountClient(accountToken, { useHttps: url.protocol === 'https:', requestHost: url.host, timeout: 10 });
  const answer = await client.requestDataRemoval({
    RequestedBy: request.requestedBy,
    RequestedFor: request.address,
    NotifyWhenCompleted: true,
  });
  return { id: answer.ID, status: answer.Status };
}
