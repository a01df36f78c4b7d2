package dev.enclave.bench.micro;

import dev.enclave.app.domain.member.Membership;
import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.domain.organisation.OrganisationName;
import dev.enclave.app.domain.organisation.OrganisationStatus;
import dev.enclave.app.domain.permission.GroupName;
import dev.enclave.app.infra.store.member.MembershipReads;
import dev.enclave.app.infra.store.organisation.OrganisationReads;
import dev.enclave.identity.Email;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import dev.enclave.table.TableDesign;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The baseline the store's schemas replaced: item maps built and read by hand, attribute by attribute, as the
 * repositories did before the store layer (commit d9294b3), brought up to today's items so both produce the same
 * map ({@code HandMappedItemsTest} checks it). Only the item-mapping benchmark uses it.
 */
final class HandMappedItems {

    private HandMappedItems() {
    }

    static Map<String, AttributeValue> organisationToItem(Organisation organisation) {
        Map<String, AttributeValue> item = new HashMap<>(OrganisationReads.item(organisation.id()).key().asMap());
        item.put("type", AttributeValue.fromS("organisation"));
        item.put("tenant", AttributeValue.fromS(organisation.id().value()));
        item.put("name", AttributeValue.fromS(organisation.name()));
        item.put("seats", AttributeValue.fromN(Integer.toString(organisation.seats())));
        item.put("members", AttributeValue.fromN(Integer.toString(organisation.members())));
        item.put("owners", AttributeValue.fromN(Integer.toString(Math.min(organisation.members(), 1))));
        item.put("status", AttributeValue.fromS(organisation.status().name()));
        item.put("version", AttributeValue.fromN(Long.toString(organisation.version())));
        item.put("createdAt", AttributeValue.fromS(organisation.createdAt().toString()));
        item.put("incarnation", AttributeValue.fromS(organisation.incarnation().value()));
        return item;
    }

    static Organisation organisationFromItem(Map<String, AttributeValue> item) {
        return new Organisation(TenantId.of(item.get("tenant").s()), item.get("name").s(),
                Integer.parseInt(item.get("seats").n()), Integer.parseInt(item.get("members").n()),
                OrganisationStatus.valueOf(item.get("status").s()), Long.parseLong(item.get("version").n()),
                Instant.parse(item.get("createdAt").s()), Optional.empty());
    }

    static Map<String, AttributeValue> membershipToItem(Membership membership, OrganisationName organisation) {
        Map<String, AttributeValue> item = new HashMap<>(
                MembershipReads.item(membership.tenant(), membership.user()).key().asMap());
        item.put(TableDesign.BY_USER.partitionKey(), AttributeValue.fromS(membership.user().prefix().value()));
        item.put(TableDesign.BY_USER.sortKey(),
                AttributeValue.fromS("ORG#" + membership.tenant().value()));
        item.put("type", AttributeValue.fromS("membership"));
        item.put("tenant", AttributeValue.fromS(membership.tenant().value()));
        item.put("userId", AttributeValue.fromS(membership.userId()));
        item.put("issuer", AttributeValue.fromS(membership.issuer()));
        item.put("email", AttributeValue.fromS(membership.email().map(Email::value).orElse("")));
        item.put("groups", AttributeValue.fromSs(membership.groups().stream().sorted()
                .map(GroupName::value).toList()));
        item.put("joinedAt", AttributeValue.fromS(membership.joinedAt().toString()));
        item.put("version", AttributeValue.fromN(Long.toString(membership.version())));
        item.put("orgName", AttributeValue.fromS(organisation.name()));
        item.put("orgNameVersion", AttributeValue.fromN(Long.toString(organisation.version())));
        return item;
    }

    static Membership membershipFromItem(Map<String, AttributeValue> item) {
        String sortKey = item.get("SK").s();
        return new Membership(TenantId.of(item.get("tenant").s()),
                new UserKey(sortKey.substring("MEMBER#".length())), item.get("userId").s(),
                item.get("issuer").s(), Optional.of(item.get("email").s()).filter(email -> !email.isEmpty()).map(Email::of),
                item.get("groups").ss().stream().map(GroupName::new).collect(Collectors.toSet()),
                Instant.parse(item.get("joinedAt").s()), Long.parseLong(item.get("version").n()));
    }
}
