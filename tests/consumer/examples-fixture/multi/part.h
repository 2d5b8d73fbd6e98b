#ifndef MULTI_PART_H
#define MULTI_PART_H
int multi_part(void);
#endif
