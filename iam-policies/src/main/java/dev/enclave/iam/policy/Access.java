package dev.enclave.iam.policy;

import java.util.List;

/** What a scope may do with its items: explicit item-level actions only, never Scan, PartiQL or table actions. */
public enum Access {
    READ(List.of("dynamodb:BatchGetItem", "dynamodb:ConditionCheckItem", "dynamodb:GetItem", "dynamodb:Query")),
    READ_WRITE(List.of("dynamodb:BatchGetItem", "dynamodb:BatchWriteItem", "dynamodb:ConditionCheckItem",
            "dynamodb:DeleteItem", "dynamodb:GetItem", "dynamodb:PutItem", "dynamodb:Query", "dynamodb:UpdateItem"));

    private final List<String> actions;

    Access(List<String> actions) {
        this.actions = actions;
    }

    /** The IAM actions, sorted. */
    public List<String> actions() {
        return actions;
    }
}
