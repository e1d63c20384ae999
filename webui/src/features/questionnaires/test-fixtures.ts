import type { QuestionnaireDefinition, QuestionnaireField } from './types';

const base: Omit<QuestionnaireField, 'key' | 'label' | 'type'> = {
  required: false,
  options: [],
  depends_on: null,
  visible_when: null,
  min: null,
  max: null,
  max_length: null,
  max_items: null,
  unit: null,
  placeholder: null,
  help: null,
};

export const fieldOf = (field: Pick<QuestionnaireField, 'key' | 'label' | 'type'> & Partial<QuestionnaireField>) => ({
  ...base,
  ...field,
});

const employed = { field: 'isEmployed', in: ['yes'] };

// A small definition with every type, a condition and a three-level dependent select.
export const sampleDefinition: QuestionnaireDefinition = {
  kind: 'pre-curriculum',
  title: '受講前アンケート',
  description: '受講開始前の状況をお答えください。',
  sections: [
    {
      title: '基本情報',
      fields: [
        fieldOf({
          key: 'isEmployed',
          label: '現在、就業していますか',
          type: 'single_choice',
          required: true,
          options: [
            { value: 'yes', label: 'はい' },
            { value: 'no', label: 'いいえ' },
          ],
        }),
        fieldOf({
          key: 'prefecture',
          label: 'お住まいの都道府県',
          type: 'prefecture',
          required: true,
          options: [
            { value: '01', label: '北海道' },
            { value: '13', label: '東京都' },
            { value: '47', label: '沖縄県' },
          ],
        }),
        fieldOf({ key: 'numberOfJobChange', label: '転職回数', type: 'integer', min: 0, max: 30, unit: '回' }),
        fieldOf({ key: 'offerAcceptedOn', label: '内定承諾日', type: 'date', min: '2020-01-01' }),
        fieldOf({
          key: 'qualifications',
          label: '保有資格',
          type: 'multiple_choice',
          max_items: 2,
          options: [
            { value: 'it_passport', label: 'ITパスポート' },
            { value: 'fe', label: '基本情報技術者' },
            { value: 'boki2', label: '日商簿記2級' },
          ],
        }),
        fieldOf({ key: 'satisfactionReason', label: '満足度の理由', type: 'textarea', max_length: 10 }),
      ],
    },
    {
      title: '現在のお仕事について',
      fields: [
        fieldOf({
          key: 'income',
          label: '年収',
          type: 'yen',
          required: true,
          min: 0,
          max: 100_000_000,
          visible_when: employed,
        }),
        fieldOf({
          key: 'jobCategoryMajor',
          label: '職種（大分類）',
          type: 'single_choice',
          required: true,
          visible_when: employed,
          options: [
            { value: 'it', label: '情報処理・通信技術者' },
            { value: 'sales', label: '販売従事者' },
          ],
        }),
        fieldOf({
          key: 'jobCategoryMedium',
          label: '職種（中分類）',
          type: 'single_choice',
          required: true,
          visible_when: employed,
          depends_on: 'jobCategoryMajor',
          options: [
            { value: 'it_dev', label: 'ソフトウェア開発技術者', parent: 'it' },
            { value: 'it_infra', label: 'システム運用管理者', parent: 'it' },
            { value: 'sales_store', label: '店舗販売員', parent: 'sales' },
          ],
        }),
        fieldOf({
          key: 'jobCategoryMinor',
          label: '職種（小分類）',
          type: 'single_choice',
          required: true,
          visible_when: employed,
          depends_on: 'jobCategoryMedium',
          options: [
            { value: 'it_dev_web', label: 'Webアプリケーション開発', parent: 'it_dev' },
            { value: 'it_dev_embedded', label: '組込み開発', parent: 'it_dev' },
            { value: 'sales_store_food', label: '食料品販売', parent: 'sales_store' },
          ],
        }),
        fieldOf({
          key: 'companyName',
          label: '勤務先名',
          type: 'text',
          visible_when: { field: 'jobCategoryMajor', in: ['it'] },
        }),
      ],
    },
  ],
};
