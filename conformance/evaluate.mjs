// Decides each (policies, request) case with @cloud-copilot/iam-simulate, an IAM evaluator independent of ours.
// Input: a JSON file of [{policies: [<policy JSON string>...], sessionPolicy: <policy JSON string> | null,
//   action, resource, context: {key: [values]}}]; a case with a session policy is a request by a role session.
// Output (stdout): a JSON array of "ALLOW" | "EXPLICIT_DENY" | "IMPLICIT_DENY" | "ERROR: <message>".
import { readFileSync } from 'node:fs'
import { runSimulation } from '@cloud-copilot/iam-simulate'

const MULTI_VALUED = new Set(['dynamodb:leadingkeys', 'dynamodb:attributes', 'aws:tagkeys'])
const OUTCOMES = { Allowed: 'ALLOW', ExplicitlyDenied: 'EXPLICIT_DENY', ImplicitlyDenied: 'IMPLICIT_DENY' }

function contextVariables(context) {
  const variables = {}
  for (const [key, values] of Object.entries(context)) {
    variables[key] = MULTI_VALUED.has(key.toLowerCase()) ? values : values[0]
  }
  return variables
}

const ROLE = 'arn:aws:iam::000000000000:role/enclave-tenant'
const ROLE_SESSION = 'arn:aws:sts::000000000000:assumed-role/enclave-tenant/conformance'

async function decide(testCase) {
  const withSession = testCase.sessionPolicy != null
  const simulation = {
    identityPolicies: testCase.policies.map((policy, i) => ({ name: `policy${i}`, policy: JSON.parse(policy) })),
    sessionPolicy: withSession ? JSON.parse(testCase.sessionPolicy) : undefined,
    serviceControlPolicies: [],
    resourceControlPolicies: [],
    request: {
      action: testCase.action,
      principal: withSession ? ROLE_SESSION : ROLE,
      resource: { accountId: '000000000000', resource: testCase.resource },
      contextVariables: contextVariables(testCase.context)
    }
  }
  const response = await runSimulation(simulation, {})
  if (response.resultType === 'error') {
    return 'ERROR: ' + JSON.stringify(response.errors)
  }
  return OUTCOMES[response.overallResult] ?? 'ERROR: ' + response.overallResult
}

const cases = JSON.parse(readFileSync(process.argv[2], 'utf8'))
const decisions = []
for (const testCase of cases) {
  decisions.push(await decide(testCase))
}
process.stdout.write(JSON.stringify(decisions))
