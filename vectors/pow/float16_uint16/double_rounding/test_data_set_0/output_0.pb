
BCJsÌ{@ÈÅ{FEÁìB