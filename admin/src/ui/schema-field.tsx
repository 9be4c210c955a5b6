import { Form, Input, InputNumber, type FormRule as Rule, Select, Switch } from 'antd';

/** The parts of a JSON Schema the console's editors read. */
export interface JsonSchema {
  readonly type?: string | readonly string[];
  readonly enum?: readonly unknown[];
  readonly pattern?: string;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: number;
  readonly exclusiveMaximum?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly default?: unknown;
}

export type EditorKind = 'boolean' | 'integer' | 'number' | 'enum' | 'string' | 'json';

export function asSchema(v: unknown): JsonSchema {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as JsonSchema) : {};
}

/** Which editor a value of this type takes; anything structured (arrays, objects, unions) is JSON text. */
export function editorKind(schema: JsonSchema): EditorKind {
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return 'enum';
  switch (schema.type) {
    case 'boolean':
      return 'boolean';
    case 'integer':
      return 'integer';
    case 'number':
      return 'number';
    case 'string':
      return 'string';
    default:
      return 'json';
  }
}

/** The form's value of a setting's value (JSON text for the structured ones). */
export function toFormValue(kind: EditorKind, value: unknown): unknown {
  if (kind === 'json') return JSON.stringify(value ?? null, null, 2);
  if (kind === 'enum') return JSON.stringify(value);
  return value;
}

/** The setting's value from the form's (JSON text parsed; a choice of the list turned back into its value). */
export function fromFormValue(kind: EditorKind, value: unknown): unknown {
  if (kind === 'json' || kind === 'enum') return JSON.parse(String(value));
  return value;
}

function bounds(schema: JsonSchema, integer: boolean): { min?: number; max?: number } {
  const step = integer ? 1 : 0;
  const min =
    schema.minimum ?? (schema.exclusiveMinimum === undefined ? undefined : schema.exclusiveMinimum + step);
  const max =
    schema.maximum ?? (schema.exclusiveMaximum === undefined ? undefined : schema.exclusiveMaximum - step);
  return {
    ...(min === undefined ? {} : { min }),
    ...(max === undefined || max >= Number.MAX_SAFE_INTEGER ? {} : { max }),
  };
}

/** What a value must look like, in words, for the field's help line. */
export function describeSchema(schema: JsonSchema): string {
  const kind = editorKind(schema);
  const { min, max } = bounds(schema, kind === 'integer');
  const range =
    min !== undefined && max !== undefined
      ? ` from ${min} to ${max}`
      : min !== undefined
        ? ` of at least ${min}`
        : max !== undefined
          ? ` of at most ${max}`
          : '';
  switch (kind) {
    case 'boolean':
      return 'On or off';
    case 'integer':
      return `A whole number${range}`;
    case 'number':
      return `A number${range}`;
    case 'enum':
      return 'One of the listed values';
    case 'string':
      return schema.pattern ? `Text matching ${schema.pattern}` : 'Text';
    default:
      return 'JSON (arrays and objects as the current value shows them)';
  }
}

const jsonRule: Rule = {
  validator: async (_, text: unknown) => {
    try {
      JSON.parse(String(text));
    } catch (e) {
      throw new Error(`Not valid JSON: ${e instanceof Error ? e.message : 'parse error'}`);
    }
  },
};

/**
 * The editor of one setting's value, typed from its JSON Schema: a switch, a number with its bounds, a choice,
 * text checked against its pattern here before it is sent, or JSON text checked to parse.
 */
export function SchemaField(props: { name: string; schema: JsonSchema; label?: string }) {
  const { name, schema } = props;
  const kind = editorKind(schema);
  const help = describeSchema(schema);
  const common = { name, label: props.label ?? 'Value', extra: help };
  switch (kind) {
    case 'boolean':
      return (
        <Form.Item {...common} valuePropName="checked">
          <Switch data-testid="setting-switch" />
        </Form.Item>
      );
    case 'integer':
    case 'number': {
      const b = bounds(schema, kind === 'integer');
      return (
        <Form.Item {...common} rules={[{ required: true, message: 'Enter a number' }]}>
          <InputNumber
            {...b}
            precision={kind === 'integer' ? 0 : undefined}
            style={{ width: 240 }}
            data-testid="setting-number"
          />
        </Form.Item>
      );
    }
    case 'enum':
      return (
        <Form.Item {...common} rules={[{ required: true, message: 'Choose a value' }]}>
          <Select
            data-testid="setting-select"
            options={(schema.enum ?? []).map((v) => ({ label: String(v), value: JSON.stringify(v) }))}
          />
        </Form.Item>
      );
    case 'string': {
      const rules: Rule[] = [{ required: true, message: 'Enter a value' }];
      if (schema.pattern) {
        let re: RegExp | null = null;
        try {
          re = new RegExp(schema.pattern);
        } catch {
          re = null;
        }
        if (re) rules.push({ pattern: re, message: `Must match ${schema.pattern}` });
      }
      if (schema.minLength !== undefined) rules.push({ min: schema.minLength });
      if (schema.maxLength !== undefined) rules.push({ max: schema.maxLength });
      return (
        <Form.Item {...common} rules={rules}>
          <Input className="mono" data-testid="setting-text" />
        </Form.Item>
      );
    }
    default:
      return (
        <Form.Item {...common} rules={[{ required: true, message: 'Enter the JSON value' }, jsonRule]}>
          <Input.TextArea
            className="mono"
            autoSize={{ minRows: 6, maxRows: 24 }}
            data-testid="setting-json"
          />
        </Form.Item>
      );
  }
}
