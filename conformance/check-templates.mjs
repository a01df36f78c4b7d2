// Checks CloudFormation templates offline against the CloudFormation resource specification (@aws-cdk/cfnspec):
// every resource type exists; every property is one the type has, of its type (primitive, list, map or nested
// property type, recursively), and no required one is missing; every Ref, Fn::GetAtt (with the attribute), Fn::Sub
// variable, Fn::If condition and DependsOn names something the template (or AWS) defines, in resources, conditions,
// rules and outputs; parameters have known types. What needs an AWS account (validate-template, IAM semantics,
// quotas) stays out of reach here.
// Usage: node check-templates.mjs <template.json>...   Exit status: 0 clean, 1 problems found, 2 usage.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)
const spec = JSON.parse(readFileSync(require.resolve('@aws-cdk/cfnspec/spec/specification.json'), 'utf8'))

const PSEUDO = new Set(['AWS::AccountId', 'AWS::NotificationARNs', 'AWS::NoValue', 'AWS::Partition', 'AWS::Region',
  'AWS::StackId', 'AWS::StackName', 'AWS::URLSuffix'])
const PARAMETER_TYPES = /^(String|Number|List<Number>|CommaDelimitedList|AWS::[A-Za-z0-9:]+|List<AWS::[A-Za-z0-9:]+>|AWS::SSM::Parameter::(Name|Value<.+>))$/

function check(path, template) {
  const problems = []
  const parameters = template.Parameters ?? {}
  const resources = template.Resources ?? {}
  const conditions = template.Conditions ?? {}
  const say = (where, message) => problems.push(`${path}: ${where}: ${message}`)

  for (const [name, parameter] of Object.entries(parameters)) {
    if (!PARAMETER_TYPES.test(parameter.Type ?? '')) say(`Parameters.${name}`, `unknown type ${parameter.Type}`)
  }

  const references = (where, node) => {
    if (Array.isArray(node)) return node.forEach((item, i) => references(`${where}[${i}]`, item))
    if (node === null || typeof node !== 'object') return
    for (const [key, value] of Object.entries(node)) {
      if (key === 'Ref') {
        if (!(value in parameters || value in resources || PSEUDO.has(value))) say(where, `Ref to undefined ${value}`)
      } else if (key === 'Fn::GetAtt') {
        const [resource, attribute] = Array.isArray(value) ? value : String(value).split('.')
        attributeOf(where, resource, attribute)
      } else if (key === 'Fn::Sub') {
        const text = Array.isArray(value) ? value[0] : value
        const local = Array.isArray(value) ? Object.keys(value[1] ?? {}) : []
        for (const [, variable] of String(text).matchAll(/\$\{([^!}][^}]*)}/g)) {
          if (local.includes(variable) || PSEUDO.has(variable) || variable in parameters || variable in resources) continue
          const dot = variable.indexOf('.')
          if (dot > 0) attributeOf(where, variable.slice(0, dot), variable.slice(dot + 1))
          else say(where, `Fn::Sub names undefined \${${variable}}`)
        }
        if (Array.isArray(value)) references(where, value[1])
      } else if (key === 'Fn::If' || key === 'Condition') {
        const condition = key === 'Fn::If' ? value[0] : value
        if (typeof condition === 'string' && !(condition in conditions)) say(where, `undefined condition ${condition}`)
        if (key === 'Fn::If') references(where, value.slice(1))
      } else {
        references(`${where}.${key}`, value)
      }
    }
  }

  const attributeOf = (where, resource, attribute) => {
    if (!(resource in resources)) return say(where, `Fn::GetAtt of undefined resource ${resource}`)
    const type = spec.ResourceTypes[resources[resource].Type]
    if (type && !(attribute in (type.Attributes ?? {}))) say(where, `${resources[resource].Type} has no attribute ${attribute}`)
  }

  const isIntrinsic = value => value !== null && typeof value === 'object' && !Array.isArray(value)
    && Object.keys(value).length === 1 && /^(Ref|Fn::.+|Condition)$/.test(Object.keys(value)[0])

  const primitive = (where, kind, value) => {
    if (isIntrinsic(value)) return
    const ok = {
      String: v => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean',
      Integer: v => Number.isInteger(Number(v)) && v !== '' && typeof v !== 'boolean',
      Long: v => Number.isInteger(Number(v)) && v !== '' && typeof v !== 'boolean',
      Double: v => !Number.isNaN(Number(v)) && v !== '' && typeof v !== 'boolean',
      Boolean: v => typeof v === 'boolean' || v === 'true' || v === 'false',
      Timestamp: v => typeof v === 'string',
      Json: v => typeof v === 'object' || typeof v === 'string'
    }[kind]
    if (!ok) return say(where, `unknown primitive type ${kind}`)
    if (!ok(value)) say(where, `expected ${kind}, got ${JSON.stringify(value)}`)
  }

  const propertyType = (resourceType, name) => spec.PropertyTypes[`${resourceType}.${name}`] ?? spec.PropertyTypes[name]

  const value = (where, resourceType, definition, v) => {
    if (isIntrinsic(v)) return
    if (definition.PrimitiveType) return primitive(where, definition.PrimitiveType, v)
    if (definition.Type === 'List') {
      if (!Array.isArray(v)) return say(where, `expected a list, got ${JSON.stringify(v)}`)
      return v.forEach((item, i) => definition.PrimitiveItemType
        ? primitive(`${where}[${i}]`, definition.PrimitiveItemType, item)
        : object(`${where}[${i}]`, resourceType, propertyType(resourceType, definition.ItemType), item))
    }
    if (definition.Type === 'Map') {
      if (typeof v !== 'object' || Array.isArray(v)) return say(where, `expected a map, got ${JSON.stringify(v)}`)
      return Object.entries(v).forEach(([k, item]) => definition.PrimitiveItemType
        ? primitive(`${where}.${k}`, definition.PrimitiveItemType, item)
        : object(`${where}.${k}`, resourceType, propertyType(resourceType, definition.ItemType), item))
    }
    return object(where, resourceType, propertyType(resourceType, definition.Type), v)
  }

  const object = (where, resourceType, type, v) => {
    if (isIntrinsic(v)) return
    if (!type) return say(where, 'no such property type in the specification')
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return say(where, `expected an object, got ${JSON.stringify(v)}`)
    properties(where, resourceType, type.Properties ?? {}, v)
  }

  const properties = (where, resourceType, definitions, given) => {
    for (const [name, v] of Object.entries(given)) {
      if (!(name in definitions)) say(`${where}.${name}`, `not a property of ${where.split('.')[0]} (${resourceType})`)
      else value(`${where}.${name}`, resourceType, definitions[name], v)
    }
    for (const [name, definition] of Object.entries(definitions)) {
      if (definition.Required && !(name in given)) say(where, `required property ${name} is missing`)
    }
  }

  for (const [name, resource] of Object.entries(resources)) {
    const type = spec.ResourceTypes[resource.Type]
    if (!type) { say(name, `unknown resource type ${resource.Type}`); continue }
    properties(name, resource.Type, type.Properties ?? {}, resource.Properties ?? {})
    for (const dependency of [resource.DependsOn ?? []].flat()) {
      if (!(dependency in resources)) say(`${name}.DependsOn`, `undefined resource ${dependency}`)
    }
    for (const policy of ['DeletionPolicy', 'UpdateReplacePolicy']) {
      if (policy in resource && !['Delete', 'Retain', 'Snapshot', 'RetainExceptOnCreate'].includes(resource[policy])) {
        say(`${name}.${policy}`, `unknown policy ${resource[policy]}`)
      }
    }
    references(`${name}.Properties`, resource.Properties ?? {})
    if (resource.Condition && !(resource.Condition in conditions)) say(name, `undefined condition ${resource.Condition}`)
  }
  references('Conditions', conditions)
  references('Rules', template.Rules ?? {})
  references('Outputs', template.Outputs ?? {})
  return { problems, resources: Object.keys(resources).length }
}

const paths = process.argv.slice(2)
if (paths.length === 0) {
  console.error('usage: node check-templates.mjs <template.json>...')
  process.exit(2)
}
let failed = false
for (const path of paths) {
  const { problems, resources } = check(path, JSON.parse(readFileSync(path, 'utf8')))
  problems.forEach(problem => console.log(problem))
  console.log(`${path}: ${resources} resources, ${problems.length} problems (CloudFormation resource specification `
    + `${spec.ResourceSpecificationVersion})`)
  failed ||= problems.length > 0
}
process.exit(failed ? 1 : 0)
