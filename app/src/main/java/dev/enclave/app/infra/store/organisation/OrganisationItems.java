package dev.enclave.app.infra.store.organisation;

import dev.enclave.app.domain.organisation.Job;
import dev.enclave.app.domain.organisation.Limit;
import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.domain.organisation.OrganisationStatus;
import dev.enclave.app.infra.store.Incarnations;
import dev.enclave.app.infra.store.ItemSchema;
import dev.enclave.app.infra.store.Schemas;
import dev.enclave.app.infra.store.TableAttributes;
import dev.enclave.identity.TenantId;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import software.amazon.awssdk.enhanced.dynamodb.EnhancedType;
import software.amazon.awssdk.enhanced.dynamodb.TableSchema;
import software.amazon.awssdk.enhanced.dynamodb.mapper.StaticImmutableTableSchema;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Explicit, reflection-free mapping of {@link Organisation} to and from its item: one schema, built once. */
final class OrganisationItems {

    /** How many owners the organisation has; removing an owner needs {@code owners > 1} (never the last). */
    static final String OWNERS = "owners";
    static final String MEMBERS = "members";
    static final String SEATS = "seats";
    static final String STATUS = "status";
    static final String VERSION = "version";
    static final String NAME = "name";
    /** How many API keys the organisation has ({@link OrganisationConditions#apiKeyAdded}). */
    static final String API_KEYS = "apiKeys";
    /** How many webhook endpoints the organisation has. */
    static final String WEBHOOKS = "webhooks";
    /** When this life of the organisation began: its {@link dev.enclave.identity.Incarnation}. */
    static final String CREATED_AT = "createdAt";
    static final String LIMITS = "limits";

    private static final TableSchema<Limit> LIMIT_SCHEMA = StaticImmutableTableSchema
            .builder(Limit.class, LimitBuilder.class)
            .newItemBuilder(LimitBuilder::new, LimitBuilder::build)
            .addAttribute(Integer.class, a -> a.name("requestsPerSecond").getter(Limit::requestsPerSecond)
                    .setter((b, v) -> b.rate = v))
            .addAttribute(Integer.class, a -> a.name("burst").getter(Limit::burst).setter((b, v) -> b.burst = v))
            .addAttribute(Integer.class, a -> a.name("concurrent").getter(Limit::concurrent)
                    .setter((b, v) -> b.concurrent = v))
            .build();

    /** The organisation item's schema. */
    static final ItemSchema<Organisation> SCHEMA = new ItemSchema<>(StaticImmutableTableSchema
            .builder(Organisation.class, Builder.class)
            .newItemBuilder(Builder::new, Builder::build)
            .addAttribute(String.class, a -> a.name(TableAttributes.PARTITION_KEY)
                    .getter(o -> OrganisationKeys.partition(o.id())).setter(Schemas.derived())
                    .tags(Schemas.partitionKey()))
            .addAttribute(String.class, a -> a.name(TableAttributes.SORT_KEY).getter(o -> OrganisationKeys.SORT_KEY)
                    .setter(Schemas.derived()).tags(Schemas.sortKey()))
            .addAttribute(String.class, a -> a.name("type").getter(o -> "organisation").setter(Schemas.derived()))
            .addAttribute(String.class, a -> a.name("tenant").getter(o -> o.id().value()).setter((b, v) -> b.tenant = v))
            .addAttribute(String.class, a -> a.name(NAME).getter(Organisation::name).setter((b, v) -> b.name = v))
            .addAttribute(Integer.class, a -> a.name(SEATS).getter(Organisation::seats).setter((b, v) -> b.seats = v))
            .addAttribute(Integer.class, a -> a.name(MEMBERS).getter(Organisation::members)
                    .setter((b, v) -> b.members = v))
            .addAttribute(Integer.class, a -> a.name(OWNERS).getter(o -> Math.min(o.members(), 1))
                    .setter(Schemas.derived()))
            .addAttribute(String.class, a -> a.name(STATUS).getter(o -> o.status().name())
                    .setter((b, v) -> b.status = v))
            .addAttribute(Long.class, a -> a.name(VERSION).getter(Organisation::version)
                    .setter((b, v) -> b.version = v))
            .addAttribute(String.class, a -> a.name(CREATED_AT).getter(o -> o.createdAt().toString())
                    .setter((b, v) -> b.createdAt = v))
            .addAttribute(String.class, a -> a.name(Incarnations.ATTRIBUTE).getter(o -> o.incarnation().value())
                    .setter(Schemas.derived()))
            .addAttribute(EnhancedType.documentOf(Limit.class, LIMIT_SCHEMA), a -> a.name(LIMITS)
                    .getter(o -> o.limits().orElse(null)).setter((b, v) -> b.limits = v))
            .addAttribute(String.class, a -> a.name(OwedWorkItems.OWES)
                    .getter(o -> o.pending().map(Job.Kind::name).orElse(null)).setter((b, v) -> b.pending = v))
            .build(), "an organisation");

    private OrganisationItems() {
    }

    /** An organisation's own limits as the {@value #LIMITS} map attribute. */
    static AttributeValue limitsValue(Limit limit) {
        return AttributeValue.builder().m(LIMIT_SCHEMA.itemToMap(limit, true)).build();
    }

    /** Mutable only while an item is read into an {@link Organisation}. */
    private static final class Builder {
        private String tenant;
        private String name;
        private Integer seats;
        private Integer members;
        private String status;
        private Long version;
        private String createdAt;
        private Limit limits;
        private String pending;

        Organisation build() {
            return new Organisation(TenantId.of(Objects.requireNonNull(tenant, "tenant")), name,
                    Objects.requireNonNull(seats, SEATS), Objects.requireNonNull(members, MEMBERS),
                    OrganisationStatus.valueOf(Objects.requireNonNull(status, STATUS)),
                    Objects.requireNonNull(version, VERSION), Instant.parse(Objects.requireNonNull(createdAt,
                    "createdAt")), Optional.ofNullable(limits), Optional.ofNullable(pending).map(Job.Kind::valueOf));
        }
    }

    /** Mutable only while a map attribute is read into a {@link Limit}. */
    private static final class LimitBuilder {
        private Integer rate;
        private Integer burst;
        private Integer concurrent;

        Limit build() {
            return new Limit(Objects.requireNonNull(rate, "requestsPerSecond"), Objects.requireNonNull(burst, "burst"),
                    Objects.requireNonNull(concurrent, "concurrent"));
        }
    }
}
