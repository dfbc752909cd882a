export interface LessonPlanItem {
  Title: string;
  Url: string;
}

/** Field names in PascalCase, as ASP.NET MVC's JsonResult writes a C# model. */
export interface LessonPlan {
  Id: string;
  Title: string;
  Subject: string;
  Grade: string;
  Url: string;
  Items: LessonPlanItem[];
}

function plan(Id: string, Title: string, Subject: string, Grade: string, slug: string, items: string[]): LessonPlan {
  const Url = `/lesson-plans/${Subject.toLowerCase().replace(/[^a-z]+/g, '-')}/${slug}`;
  return {
    Id,
    Title,
    Subject,
    Grade,
    Url,
    Items: items.map((title) => ({ Title: title, Url: `${Url}/${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}` })),
  };
}

/** The saved-plan catalogue the lookup answers from (ids in lowercase "D" format). */
export const LESSON_PLANS: readonly LessonPlan[] = [
  plan('5442a766-1fd5-44cb-b668-f3a2d51d5c87', 'Fractions on a Number Line', 'Math', '3', 'fractions-on-a-number-line', [
    'Teacher Guide',
    'Student Worksheet',
    'Exit Ticket',
  ]),
  plan('edc24bc3-3220-4928-9148-163bf8e55133', 'Exploring the Water Cycle', 'Science', '4', 'exploring-the-water-cycle', [
    'Teacher Guide',
    'Lab Sheet',
    'Vocabulary Cards',
  ]),
  plan('699f8707-d33c-40d8-8735-45bbc072d678', 'Writing a Persuasive Letter', 'English Language Arts', '5', 'writing-a-persuasive-letter', [
    'Teacher Guide',
    'Graphic Organizer',
    'Rubric',
  ]),
  plan('5b529d50-40eb-4b8b-beae-d3d1f396edcd', 'Mapping Ancient Trade Routes', 'Social Studies', '6', 'mapping-ancient-trade-routes', [
    'Teacher Guide',
    'Map Packet',
  ]),
  plan('7bc502b7-af00-435c-8d3e-a79c8e643ec0', 'Linear Equations in Context', 'Math', '8', 'linear-equations-in-context', [
    'Teacher Guide',
    'Practice Set',
    'Answer Key',
    'Slide Deck',
  ]),
  plan('df2274f4-74ab-4017-b09d-251b11b03b33', 'Counting and Cardinality', 'Math', 'K', 'counting-and-cardinality', ['Teacher Guide', 'Counting Mats']),
  plan('f75057e2-db5a-4b4c-ba68-004e1b93070d', 'Chemical Reactions in the Kitchen', 'Science', '9-12', 'chemical-reactions-in-the-kitchen', [
    'Teacher Guide',
    'Safety Sheet',
    'Lab Report Template',
  ]),
  plan('b49138c8-8983-4ea4-b9e7-21da9645944a', 'Introduction to Block Coding', 'Technology', '2', 'introduction-to-block-coding', [
    'Teacher Guide',
    'Unplugged Activity',
  ]),
];

const BY_ID = new Map(LESSON_PLANS.map((p) => [p.Id, p]));

/** Plans for normalised ids, in the order asked, unknown ids left out. */
export function findPlans(ids: readonly string[]): LessonPlan[] {
  return ids.flatMap((id) => BY_ID.get(id) ?? []);
}
