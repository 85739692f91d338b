/* `casc run --timing`'s text report (docs/timing.md). */
#include "tools/run_timing.h"

#include <stdio.h>

/* "S 12.5%  V 3.0%  MTE2 80.1%" for the pipes that did anything. */
static void print_busy(const double *frac, const bool *used) {
  for (int p = 0; p < CASC_SIM_PIPE_COUNT_; p++)
    if (used[p])
      printf("  %s %.1f%%", casc_sim_pipe_name((casc_sim_pipe)p),
             100.0 * frac[p]);
}

static bool same_block(const casc_block_timing *a, const casc_block_timing *b) {
  if (a->cycles != b->cycles || a->complete != b->complete)
    return false;
  for (int p = 0; p < CASC_SIM_PIPE_COUNT_; p++)
    if (a->busy[p] != b->busy[p])
      return false;
  return true;
}

/* The [casc.timing] figures the model used (the platform file's or the
 * built-in ones), so a report says what it rests on. */
static void print_parameters(const casc_platform *p) {
  printf("  parameters: scalar %u; V head+cycles/repeat", p->scalar_cycles);
  for (unsigned c = 0; c < CASC_PLATFORM_VCOSTS; c++) {
    printf(" %s %u+%u", casc_platform_vcost_name(c), p->vec_head[c],
           p->vec_cycles_per_repeat[c]);
    if (p->vec_latency[c])
      printf(" (latency %u)", p->vec_latency[c]);
  }
  printf(" (repeat %u B), latency %u; MTE2 %u + burst/%u B, latency %u; "
         "MTE3 %u + burst/%u B, latency %u; ",
         p->vector_bytes_per_cycle, p->vector_latency, p->mte2_setup,
         p->mte2_bytes_per_cycle, p->mte2_latency, p->mte3_setup,
         p->mte3_bytes_per_cycle, p->mte3_latency);
  printf("M %u + %u/fractal (f32 %u), latency %u; MTE1 %u + bytes/%u B L0A, "
         "/%u B L0B, /%u B BT, latency %u; FIX %u + C x 2 B/%u B, latency "
         "%u; ",
         p->cube_head, p->cube_cycles_per_fractal,
         p->cube_f32_cycles_per_fractal, p->cube_latency, p->mte1_setup,
         p->mte1_l0a_bytes_per_cycle, p->mte1_l0b_bytes_per_cycle,
         p->mte1_bt_bytes_per_cycle, p->mte1_latency, p->fix_setup,
         p->fix_bytes_per_cycle, p->fix_latency);
  printf("flags %u/%u/%u; min %u; launch %u\n", p->set_flag_cycles,
         p->wait_flag_cycles, p->barrier_cycles, p->min_op_cycles,
         p->launch_cycles);
}

/* The timing report: the launch, then blocks (runs of identical blocks on
 * one line), then the pipes' busy fractions over all blocks. */
void run_print_timing(const casc_timing *t, const char *kernel,
                      const casc_platform *plat) {
  bool used[CASC_SIM_PIPE_COUNT_] = {false};
  for (unsigned i = 0; i < t->nblocks && t->blocks; i++)
    for (int p = 0; p < CASC_SIM_PIPE_COUNT_; p++)
      used[p] |= t->blocks[i].ops[p] > 0;
  unsigned cores = plat->vector_core_cnt ? plat->vector_core_cnt : 1;
  printf("timing: @%s on %s at %u MHz, %u block(s) on %u vector core(s)\n",
         kernel, plat->soc, t->clock_mhz, t->nblocks,
         t->nblocks < cores ? t->nblocks : cores);
  printf("  launch: %llu cycles, %.3f us\n", (unsigned long long)t->cycles,
         t->seconds * 1e6);
  for (unsigned i = 0; i < t->nblocks && t->blocks; i++) {
    const casc_block_timing *bt = &t->blocks[i];
    unsigned j = i;
    while (j + 1 < t->nblocks && same_block(&t->blocks[j + 1], bt))
      j++;
    if (j == i)
      printf("  block %u:", i);
    else
      printf("  blocks %u-%u:", i, j);
    printf(" %llu cycles, %.3f us%s, busy", (unsigned long long)bt->cycles,
           (double)bt->cycles / t->clock_mhz,
           bt->complete ? "" : " (incomplete)");
    double frac[CASC_SIM_PIPE_COUNT_];
    for (int p = 0; p < CASC_SIM_PIPE_COUNT_; p++)
      frac[p] = bt->cycles ? (double)bt->busy[p] / (double)bt->cycles : 0;
    print_busy(frac, used);
    printf("\n");
    i = j;
  }
  printf("  pipes busy (all blocks):");
  print_busy(t->busy_fraction, used);
  printf("\n");
  if (t->races)
    printf("  %u data race(s) reported\n", t->races);
  print_parameters(plat);
}
