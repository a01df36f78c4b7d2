// A tenant web app's use of Enclave through the TypeScript client generated from /openapi/enclave.yml
// (openapi-generator, typescript-fetch). The build type-checks this file against the client it generates, so it
// stays true: `./mvnw verify` fails if the contract changes under it.
import {
    Configuration,
    GroupsApi,
    InvitationsApi,
    type Member,
    MembersApi,
    OrganisationsApi,
    type Problem,
    ResponseError,
    ServicesApi,
} from "@enclave/client";

/** Every call carries the signed-in user's token from your identity provider (the `bearer` scheme). */
export function enclave(basePath: string, token: () => Promise<string>): Configuration {
    return new Configuration({ basePath, accessToken: token });
}

/** Create an organisation and invite a colleague; the idempotency keys make a retried click harmless. */
export async function createTeam(config: Configuration, id: string, name: string, colleague: string) {
    const organisation = await new OrganisationsApi(config).createOrganisation({
        createOrganisation: { id, name },
        idempotencyKey: `create-${id}`,
    });
    const sent = await new InvitationsApi(config).sendInvitation({
        org: organisation.id,
        sendInvitation: { email: colleague, groups: ["billing"] },
        idempotencyKey: `invite-${id}-${colleague}`,
    });
    return { organisation, invitationId: sent.invitation.id };
}

/** The invitee, signed in, accepts with the token from their email. */
export async function accept(config: Configuration, invitationToken: string): Promise<string[]> {
    const membership = await new InvitationsApi(config).acceptInvitation({
        invitationToken: { token: invitationToken },
    });
    return membership.groups;
}

/** Every member, following nextCursor until it is null. */
export async function allMembers(config: Configuration, org: string): Promise<Member[]> {
    const members: Member[] = [];
    let cursor: string | undefined;
    do {
        const page = await new MembersApi(config).listMembers({ org, limit: 100, cursor });
        members.push(...page.items);
        cursor = page.nextCursor ?? undefined;
    } while (cursor !== undefined);
    return members;
}

/**
 * Adds a group only if nobody changed the member since it was read: the member's ETag goes back as If-Match, and
 * a 412 `version-mismatch` problem means "read again and decide".
 */
export async function addGroupIfUnchanged(config: Configuration, org: string, userId: string, group: string)
        : Promise<Member | "changed-meanwhile"> {
    const members = new MembersApi(config);
    const read = await members.getMemberRaw({ org, userId });
    const ifMatch = read.raw.headers.get("ETag") ?? undefined;
    try {
        return await members.addMemberToGroup({ org, userId, group, ifMatch });
    } catch (error) {
        if (error instanceof ResponseError && error.response.status === 412) {
            const problem = (await error.response.json()) as Problem;
            if (problem.code === "version-mismatch") {
                return "changed-meanwhile";
            }
        }
        throw error;
    }
}

/**
 * An owner gives the billing service's approvers a permission of your app's own; then one call (one read on
 * Enclave's side) answers, in order, whether each member may approve invoices within billing.
 */
export async function billingApprovers(config: Configuration, org: string, userIds: string[]): Promise<boolean[]> {
    await new ServicesApi(config).defineServiceGroup({
        org,
        service: "billing",
        group: "approvers",
        defineServiceGroup: { permissions: ["invoices:approve"] },
    });
    const answer = await new GroupsApi(config).checkPermissions({
        org,
        permissionChecks: {
            checks: userIds.map((userId) => ({ userId, permission: "invoices:approve", service: "billing" })),
        },
    });
    return (answer.results ?? []).map((result) => result.allowed);
}
