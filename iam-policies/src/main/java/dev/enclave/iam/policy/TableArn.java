package dev.enclave.iam.policy;

import dev.enclave.table.IndexDesign;
import dev.enclave.table.TableDesign;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/** The ARN of Enclave's table, e.g. {@code arn:aws:dynamodb:eu-west-1:123456789012:table/enclave}. */
public record TableArn(String value) {

    private static final Pattern ARN =
            Pattern.compile("arn:aws[a-z-]*:dynamodb:[a-z0-9-]+:\\d{12}:table/[A-Za-z0-9_.-]{3,255}");

    public TableArn {
        Objects.requireNonNull(value, "value");
        if (!ARN.matcher(value).matches()) {
            throw new IllegalArgumentException("not a DynamoDB table ARN: " + value);
        }
    }

    /** The ARN of one of the table's indexes. */
    public String indexArn(String indexName) {
        return value + "/index/" + indexName;
    }

    /** The table ARN followed by the ARN of each index of {@code design}, named explicitly. */
    public List<String> withIndexes(TableDesign design) {
        List<String> arns = new ArrayList<>(List.of(value));
        design.indexes().stream().map(IndexDesign::indexName).map(this::indexArn).forEach(arns::add);
        return List.copyOf(arns);
    }
}
