func.func @f(%cfg: !ascendc.matmul_config, %l1: i32) {
  %0 = ascendc.get_matmul_api_tiling %cfg, %l1 {matmulType = !ascendc.matmul<gm, 0 : i32, f32, false>} : !ascendc.matmul_config, i32
  return
}
